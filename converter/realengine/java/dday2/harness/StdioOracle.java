package dday2.harness;

import games.strategy.engine.data.GameData;
import games.strategy.engine.framework.GameDataManager;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A live action source: before each scripted move step, and at each new round, it writes a real
 * save of the game as it stands, prints one request line on the harness's stdout
 * (`@request {"kind": "move"|"round", "round", "step", "player", "save"}`) and reads one JSON line
 * from stdin: a list of actions (the move-script format) for a move, `{"stop": true}` or
 * `{"continue": true}` for a round.
 */
final class StdioOracle implements ActionSource {
  static final String PREFIX = "@request ";

  private final GameData data;
  private final PrintStream out;
  private final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
  private final Path stepSave;
  private int requests;

  StdioOracle(GameData data, PrintStream out, Path stepSave) {
    this.data = data;
    this.out = out;
    this.stepSave = stepSave;
  }

  @Override
  public List<Map<String, Object>> take(String player, String step, int round) {
    Object reply = ask("move", player, step, round);
    List<Map<String, Object>> actions = new ArrayList<>();
    if (!(reply instanceof List)) return actions;
    for (Object action : (List<?>) reply) {
      if (action instanceof Map) {
        @SuppressWarnings("unchecked")
        Map<String, Object> map = (Map<String, Object>) action;
        actions.add(map);
      }
    }
    return actions;
  }

  /** True when the caller answers that the game stops before this round. */
  boolean stopBeforeRound(int round) {
    Object reply = ask("round", null, null, round);
    return reply instanceof Map && Boolean.TRUE.equals(((Map<?, ?>) reply).get("stop"));
  }

  int requests() {
    return requests;
  }

  private synchronized Object ask(String kind, String player, String step, int round) {
    try {
      Path partial = stepSave.resolveSibling(stepSave.getFileName() + ".partial");
      data.acquireReadLock();
      try (OutputStream file = Files.newOutputStream(partial)) {
        GameDataManager.saveGame(file, data);
      } finally {
        data.releaseReadLock();
      }
      Files.move(partial, stepSave, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      Map<String, Object> request = new LinkedHashMap<>();
      request.put("kind", kind);
      request.put("round", (long) round);
      request.put("step", step);
      request.put("player", player);
      request.put("save", stepSave.toAbsolutePath().toString());
      requests++;
      out.println(PREFIX + Json.write(request));
      out.flush();
      String line = in.readLine();
      if (line == null) throw new IllegalStateException("the oracle closed stdin");
      return Json.parse(line);
    } catch (RuntimeException error) {
      throw error;
    } catch (Exception error) {
      throw new IllegalStateException("oracle request failed: " + Engine.describe(error), error);
    }
  }

  static List<Map<String, Object>> none() {
    return Collections.emptyList();
  }
}
