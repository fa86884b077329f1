package dday2.harness;

import games.strategy.engine.data.GameData;
import games.strategy.engine.data.IAttachment;
import games.strategy.engine.data.NamedAttachable;
import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * `attachment XML KIND OWNER NAME FIELD...`: what the engine's parse left in fields of one
 * attachment (KIND unitType, territory or player; FIELD as the class declares it, e.g.
 * m_transportCost), each as text (arrays element by element). Read by reflection: the checker
 * asks what the engine made of options, not what a getter derives from them.
 */
final class AttachmentCommand {
  private AttachmentCommand() {}

  static Map<String, Object> run(List<String> args) throws Exception {
    if (args.size() < 5) throw new UsageError("usage: attachment XML KIND OWNER NAME FIELD...");
    GameData data = Engine.parse(Path.of(args.get(0)));
    NamedAttachable owner = owner(data, args.get(1), args.get(2));
    IAttachment attachment = owner.getAttachment(args.get(3));
    if (attachment == null) throw new UsageError("no attachment " + args.get(3) + " on " + args.get(2));
    Map<String, Object> fields = new LinkedHashMap<>();
    for (String name : args.subList(4, args.size())) fields.put(name, text(read(attachment, name)));
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("ok", true);
    report.put("class", attachment.getClass().getName());
    report.put("fields", fields);
    return report;
  }

  private static NamedAttachable owner(GameData data, String kind, String name) throws UsageError {
    NamedAttachable found;
    switch (kind) {
      case "unitType": found = data.getUnitTypeList().getUnitType(name); break;
      case "territory": found = data.getMap().getTerritory(name); break;
      case "player": found = data.getPlayerList().getPlayerId(name); break;
      default: throw new UsageError("KIND is unitType, territory or player, not " + kind);
    }
    if (found == null) throw new UsageError("no " + kind + " " + name);
    return found;
  }

  private static Object read(Object target, String name) throws Exception {
    for (Class<?> type = target.getClass(); type != null; type = type.getSuperclass()) {
      try {
        Field field = type.getDeclaredField(name);
        field.setAccessible(true);
        return field.get(target);
      } catch (NoSuchFieldException next) {
        // declared by an ancestor
      }
    }
    throw new UsageError("no field " + name + " in " + target.getClass().getName());
  }

  private static String text(Object value) {
    if (value instanceof Object[]) return Arrays.toString((Object[]) value);
    return String.valueOf(value);
  }
}
