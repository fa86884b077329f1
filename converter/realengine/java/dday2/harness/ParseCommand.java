package dday2.harness;

import games.strategy.engine.data.GameData;
import games.strategy.engine.data.GameStep;
import games.strategy.engine.data.PlayerID;
import games.strategy.engine.data.Territory;
import games.strategy.engine.data.Unit;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** `parse XML`: the engine's GameParser on a game file, and the counts Python compares. */
final class ParseCommand {
  private ParseCommand() {}

  static Map<String, Object> run(List<String> args) throws Exception {
    if (args.size() != 1) throw new UsageError("usage: parse XML");
    GameData data = Engine.parse(Path.of(args.get(0)));
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("ok", true);
    report.putAll(summary(data));
    return report;
  }

  static Map<String, Object> summary(GameData data) {
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("game_name", data.getGameName());
    report.put("map_name", Engine.mapName(data));
    List<Territory> territories = data.getMap().getTerritories();
    report.put("territories", territories.size());
    int neighbourEnds = 0;
    int water = 0;
    Map<String, Integer> unitsByOwner = new TreeMap<>();
    for (Territory territory : territories) {
      neighbourEnds += data.getMap().getNeighbors(territory).size();
      if (territory.isWater()) water++;
      for (Unit unit : territory.getUnits().getUnits()) {
        unitsByOwner.merge(unit.getOwner().getName(), 1, Integer::sum);
      }
    }
    report.put("connections", neighbourEnds / 2); // each undirected connection counted from both ends
    report.put("water_territories", water);
    List<String> players = new ArrayList<>();
    Map<String, Integer> unplacedByOwner = new TreeMap<>();
    for (PlayerID player : data.getPlayerList().getPlayers()) {
      players.add(player.getName());
      int unplaced = player.getUnits().size();
      if (unplaced > 0) unplacedByOwner.put(player.getName(), unplaced);
    }
    report.put("players", players);
    report.put("unit_types", data.getUnitTypeList().size());
    List<String> steps = new ArrayList<>();
    for (GameStep step : data.getSequence()) steps.add(step.getName());
    report.put("steps", steps);
    report.put("units_by_owner", unitsByOwner);
    report.put("unplaced_by_owner", unplacedByOwner);
    return report;
  }
}
