package dday2.harness;

import games.strategy.engine.data.GameData;
import games.strategy.engine.data.GameStep;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A move script: JSON lines, each either a seat line {"seat": ["Germans", ...]} or a step entry
 * {"step": NAME, "round": R?, "player": P?, "actions": [...]}. The format is documented for users
 * in converter/realengine/harness.py; this class only reads and hands out entries.
 */
final class MoveScript implements ActionSource {
  /** One step entry; consumed at most once. */
  static final class Entry {
    final int line;
    final String step;
    final Long round;
    String player;
    final List<Map<String, Object>> actions;
    boolean used;

    Entry(int line, String step, Long round, String player, List<Map<String, Object>> actions) {
      this.line = line;
      this.step = step;
      this.round = round;
      this.player = player;
      this.actions = actions;
    }

    String describe() {
      return "line " + line + ": " + player + " " + step + (round == null ? "" : " round " + round);
    }
  }

  private final List<Entry> entries;
  private final Set<String> seats;

  private MoveScript(List<Entry> entries, Set<String> seats) {
    this.entries = entries;
    this.seats = seats;
  }

  static MoveScript empty() {
    return new MoveScript(new ArrayList<>(), new LinkedHashSet<>());
  }

  static MoveScript load(Path path) throws IOException {
    List<Entry> entries = new ArrayList<>();
    Set<String> seats = new LinkedHashSet<>();
    List<String> lines = Files.readAllLines(path, StandardCharsets.UTF_8);
    for (int index = 0; index < lines.size(); index++) {
      String text = lines.get(index).trim();
      int lineNo = index + 1;
      if (text.isEmpty() || text.startsWith("#")) continue;
      Object parsed;
      try {
        parsed = Json.parse(text);
      } catch (IllegalArgumentException bad) {
        throw new UsageError("script line " + lineNo + ": " + bad.getMessage());
      }
      if (!(parsed instanceof Map)) throw new UsageError("script line " + lineNo + ": not a JSON object");
      Map<?, ?> object = (Map<?, ?>) parsed;
      if (object.containsKey("seat")) {
        for (Object name : list(object.get("seat"), lineNo, "seat")) seats.add(string(name, lineNo, "seat"));
        continue;
      }
      String step = string(object.get("step"), lineNo, "step");
      Object round = object.get("round");
      if (round != null && !(round instanceof Long)) throw new UsageError("script line " + lineNo + ": round must be an integer");
      String player = object.get("player") == null ? null : string(object.get("player"), lineNo, "player");
      List<Map<String, Object>> actions = new ArrayList<>();
      for (Object action : list(object.get("actions"), lineNo, "actions")) actions.add(checkAction(action, lineNo));
      entries.add(new Entry(lineNo, step, (Long) round, player, actions));
    }
    return new MoveScript(entries, seats);
  }

  /** Fills in each entry's player from the game's sequence and checks the step exists. */
  void resolvePlayers(GameData data) {
    for (Entry entry : entries) {
      GameStep found = null;
      for (GameStep step : data.getSequence()) {
        if (step.getName().equals(entry.step)) found = step;
      }
      if (found == null) throw new UsageError("script " + entry.describe() + ": the game has no step " + entry.step);
      String owner = found.getPlayerId() == null ? null : found.getPlayerId().getName();
      if (entry.player == null) entry.player = owner;
      if (entry.player == null) throw new UsageError("script " + entry.describe() + ": step has no player");
      if (owner != null && !owner.equals(entry.player)) {
        throw new UsageError("script " + entry.describe() + ": step " + entry.step + " belongs to " + owner);
      }
      seats.add(entry.player);
    }
  }

  Set<String> seatedPlayers() {
    return Collections.unmodifiableSet(seats);
  }

  /** The actions for this run of a step: the first unused matching entry, or none (end at once). */
  @Override
  public synchronized List<Map<String, Object>> take(String player, String step, int round) {
    for (Entry entry : entries) {
      if (entry.used || !entry.step.equals(step) || !entry.player.equals(player)) continue;
      if (entry.round != null && entry.round != round) continue;
      entry.used = true;
      return entry.actions;
    }
    return Collections.emptyList();
  }

  synchronized List<String> unusedEntries() {
    List<String> unused = new ArrayList<>();
    for (Entry entry : entries) if (!entry.used) unused.add(entry.describe());
    return unused;
  }

  private static Map<String, Object> checkAction(Object action, int lineNo) {
    if (!(action instanceof Map) || ((Map<?, ?>) action).size() != 1) {
      throw new UsageError("script line " + lineNo + ": each action is an object with one key: move, place or end");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> map = (Map<String, Object>) action;
    String kind = map.keySet().iterator().next();
    Object body = map.get(kind);
    switch (kind) {
      case "end":
        return map;
      case "move": {
        Map<?, ?> move = object(body, lineNo, "move");
        unitCounts(move.get("units"), lineNo);
        List<?> route = list(move.get("route"), lineNo, "move.route");
        if (route.size() < 2) throw new UsageError("script line " + lineNo + ": a route needs at least two territories");
        for (Object territory : route) string(territory, lineNo, "move.route");
        return map;
      }
      case "place": {
        Map<?, ?> place = object(body, lineNo, "place");
        unitCounts(place.get("units"), lineNo);
        string(place.get("territory"), lineNo, "place.territory");
        return map;
      }
      default:
        throw new UsageError("script line " + lineNo + ": unknown action " + kind);
    }
  }

  /** [[type, count], ...] as a list of (type, count) pairs. */
  static List<Map.Entry<String, Integer>> unitCounts(Object value, int lineNo) {
    List<Map.Entry<String, Integer>> counts = new ArrayList<>();
    for (Object pair : list(value, lineNo, "units")) {
      List<?> items = list(pair, lineNo, "units");
      if (items.size() != 2 || !(items.get(1) instanceof Long) || (Long) items.get(1) < 1) {
        throw new UsageError("script line " + lineNo + ": units are [[type, positive count], ...]");
      }
      counts.add(Map.entry(string(items.get(0), lineNo, "units"), ((Long) items.get(1)).intValue()));
    }
    return counts;
  }

  private static Map<?, ?> object(Object value, int lineNo, String what) {
    if (!(value instanceof Map)) throw new UsageError("script line " + lineNo + ": " + what + " must be an object");
    return (Map<?, ?>) value;
  }

  private static List<?> list(Object value, int lineNo, String what) {
    if (!(value instanceof List)) throw new UsageError("script line " + lineNo + ": " + what + " must be a list");
    return (List<?>) value;
  }

  private static String string(Object value, int lineNo, String what) {
    if (!(value instanceof String)) throw new UsageError("script line " + lineNo + ": " + what + " must be a string");
    return (String) value;
  }
}
