package dday2.harness;

import games.strategy.engine.data.GameData;
import games.strategy.engine.data.IAttachment;
import games.strategy.engine.data.PlayerID;
import games.strategy.engine.data.Territory;
import games.strategy.engine.data.UnitType;
import games.strategy.triplea.attachments.CanalAttachment;
import games.strategy.triplea.attachments.PoliticalActionAttachment;
import games.strategy.triplea.attachments.RulesAttachment;
import games.strategy.triplea.attachments.UnitSupportAttachment;
import games.strategy.triplea.attachments.UserActionAttachment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * `found XML`: the attachments the engine's own collectors find, by owner, after its parse: a
 * player's political actions, user actions and national objectives, a unit type's support
 * attachments, a territory's canals. Those collectors pick attachments by the start of their
 * names, so the checker asks which ones a game's play would ever see.
 */
final class FoundCommand {
  private FoundCommand() {}

  static Map<String, Object> run(List<String> args) throws Exception {
    if (args.size() != 1) throw new UsageError("usage: found XML");
    GameData data = Engine.parse(Path.of(args.get(0)));
    Map<String, Object> players = new TreeMap<>();
    for (PlayerID player : data.getPlayerList().getPlayers()) {
      Map<String, Object> found = new LinkedHashMap<>();
      found.put("political_actions", names(PoliticalActionAttachment.getPoliticalActionAttachments(player)));
      found.put("user_actions", names(UserActionAttachment.getUserActionAttachments(player)));
      found.put("national_objectives", names(RulesAttachment.getNationalObjectives(player)));
      players.put(player.getName(), found);
    }
    Map<String, Object> supports = new TreeMap<>();
    for (UnitType type : data.getUnitTypeList().getAllUnitTypes()) {
      supports.put(type.getName(), names(UnitSupportAttachment.get(type)));
    }
    Map<String, Object> canals = new TreeMap<>();
    for (Territory territory : data.getMap().getTerritories()) {
      canals.put(territory.getName(), names(CanalAttachment.get(territory)));
    }
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("ok", true);
    report.put("players", players);
    report.put("unit_supports", supports);
    report.put("canals", canals);
    return report;
  }

  private static List<Object> names(Collection<? extends IAttachment> attachments) {
    List<Object> names = new ArrayList<>();
    for (IAttachment attachment : attachments) names.add(attachment.getName());
    names.sort(null);
    return names;
  }
}
