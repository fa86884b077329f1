package dday2.harness;

import games.strategy.engine.data.GameData;
import games.strategy.engine.data.PlayerID;
import games.strategy.engine.data.Route;
import games.strategy.engine.data.Territory;
import games.strategy.engine.data.Unit;
import games.strategy.triplea.TripleAUnit;
import games.strategy.triplea.ai.AbstractAI;
import games.strategy.triplea.delegate.remote.IAbstractPlaceDelegate;
import games.strategy.triplea.delegate.remote.IMoveDelegate;
import games.strategy.triplea.delegate.remote.IPurchaseDelegate;
import games.strategy.triplea.delegate.remote.ITechDelegate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A player that does what its move script says: in a move or place step it executes that step's
 * actions through the engine's own delegates (which validate them), otherwise it ends the step.
 * Battles, casualties and retreats use the engine's AbstractAI defaults. Each action's outcome is
 * appended to the shared script log; a refused action is logged with the engine's reason.
 */
final class ScriptedPlayer extends AbstractAI {
  static final String TYPE = "Scripted (dday2)";

  private final ActionSource script;
  private final List<Map<String, Object>> scriptLog;

  ScriptedPlayer(String name, ActionSource script, List<Map<String, Object>> scriptLog) {
    super(name, TYPE);
    this.script = script;
    this.scriptLog = scriptLog;
  }

  @Override
  protected void purchase(boolean bid, int pusToSpend, IPurchaseDelegate delegate, GameData data, PlayerID player) {}

  @Override
  protected void tech(ITechDelegate delegate, GameData data, PlayerID player) {}

  @Override
  public void politicalActions() {}

  @Override
  protected void move(boolean nonCombat, IMoveDelegate delegate, GameData data, PlayerID player) {
    String step = data.getSequence().getStep().getName();
    int round = data.getSequence().getRound();
    for (Map<String, Object> action : script.take(player.getName(), step, round)) {
      if (action.containsKey("end")) return;
      if (action.containsKey("move")) {
        Map<?, ?> move = (Map<?, ?>) action.get("move");
        record(round, step, player, "move " + Json.write(move), moveUnits(move, delegate, data, player));
      } else {
        record(round, step, player, Json.write(action), "not a place step");
      }
    }
  }

  @Override
  protected void place(boolean bid, IAbstractPlaceDelegate delegate, GameData data, PlayerID player) {
    String step = data.getSequence().getStep().getName();
    int round = data.getSequence().getRound();
    for (Map<String, Object> action : script.take(player.getName(), step, round)) {
      if (action.containsKey("end")) return;
      if (action.containsKey("place")) {
        Map<?, ?> place = (Map<?, ?>) action.get("place");
        record(round, step, player, "place " + Json.write(place), placeUnits(place, delegate, data, player));
      } else {
        record(round, step, player, Json.write(action), "not a move step");
      }
    }
  }

  /** Returns null when the engine accepted the move, else why not. */
  private static String moveUnits(Map<?, ?> move, IMoveDelegate delegate, GameData data, PlayerID player) {
    List<Territory> route = new ArrayList<>();
    for (Object name : (List<?>) move.get("route")) {
      Territory territory = data.getMap().getTerritory((String) name);
      if (territory == null) return "unknown territory " + name;
      route.add(territory);
    }
    List<Unit> units;
    data.acquireReadLock();
    try {
      units = pick(route.get(0).getUnits().getUnits(), move.get("units"), player, route.get(0).getName());
    } catch (IllegalArgumentException missing) {
      return missing.getMessage();
    } finally {
      data.releaseReadLock();
    }
    return delegate.move(units, new Route(route));
  }

  private static String placeUnits(Map<?, ?> place, IAbstractPlaceDelegate delegate, GameData data, PlayerID player) {
    Territory territory = data.getMap().getTerritory((String) place.get("territory"));
    if (territory == null) return "unknown territory " + place.get("territory");
    List<Unit> units;
    data.acquireReadLock();
    try {
      units = pick(player.getUnits().getUnits(), place.get("units"), player, player.getName() + "'s unplaced units");
    } catch (IllegalArgumentException missing) {
      return missing.getMessage();
    } finally {
      data.releaseReadLock();
    }
    return delegate.placeUnits(units, territory);
  }

  /** The requested number of the player's units of each type, those with most movement left first. */
  private static List<Unit> pick(Collection<Unit> available, Object counts, PlayerID player, String where) {
    List<Unit> chosen = new ArrayList<>();
    for (Map.Entry<String, Integer> wanted : MoveScript.unitCounts(counts, 0)) {
      List<Unit> candidates = new ArrayList<>();
      for (Unit unit : available) {
        if (unit.getOwner().equals(player) && unit.getType().getName().equals(wanted.getKey())) candidates.add(unit);
      }
      candidates.sort(Comparator.comparingInt((Unit unit) -> TripleAUnit.get(unit).getMovementLeft()).reversed());
      if (candidates.size() < wanted.getValue()) {
        throw new IllegalArgumentException("only " + candidates.size() + " " + wanted.getKey() + " of "
            + player.getName() + " in " + where + ", " + wanted.getValue() + " wanted");
      }
      chosen.addAll(candidates.subList(0, wanted.getValue()));
    }
    return chosen;
  }

  private void record(int round, String step, PlayerID player, String action, String error) {
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("round", round);
    entry.put("step", step);
    entry.put("player", player.getName());
    entry.put("action", action);
    entry.put("error", error);
    scriptLog.add(entry);
  }
}
