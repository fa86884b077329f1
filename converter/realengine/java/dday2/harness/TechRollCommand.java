package dday2.harness;

import games.strategy.engine.data.GameData;
import games.strategy.engine.data.PlayerID;
import games.strategy.triplea.delegate.TechTracker;
import games.strategy.ui.ScrollableTextField;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * `techroll XML PLAYER PUS`: the engine's "Roll Tech" dialog (TechPanel's roll panel, which a
 * human player's research step opens) built for the player holding that many PUs: whether it
 * opens, the most rolls it offers, and what it throws instead. The panel is a Swing component
 * that needs no window, so it is built headless.
 */
final class TechRollCommand {
  private TechRollCommand() {}

  static Map<String, Object> run(List<String> args) throws Exception {
    if (args.size() != 3) throw new UsageError("usage: techroll XML PLAYER PUS");
    GameData data = Engine.parse(Path.of(args.get(0)));
    PlayerID player = data.getPlayerList().getPlayerId(args.get(1));
    if (player == null) throw new UsageError("no such player: " + args.get(1));
    Class<?> panelClass = Class.forName("games.strategy.triplea.ui.TechPanel$TechRollPanel");
    Constructor<?> constructor = panelClass.getDeclaredConstructor(int.class, PlayerID.class);
    constructor.setAccessible(true);
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("ok", true);
    report.put("tech_cost", TechTracker.getTechCost(player));
    try {
      Object panel = constructor.newInstance(Integer.parseInt(args.get(2)), player);
      Field field = panelClass.getDeclaredField("textField");
      field.setAccessible(true);
      report.put("opened", true);
      report.put("most_rolls", ((ScrollableTextField) field.get(panel)).getMax());
      report.put("error", null);
    } catch (InvocationTargetException e) {
      report.put("opened", false);
      report.put("most_rolls", null);
      report.put("error", e.getCause().toString());
    }
    return report;
  }
}
