package dday2.harness;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * `batch JOBS`: the commands of JOBS (JSON lines, each an argument array such as
 * ["parse", "/path/game.xml"]) run one after another in this JVM; the report's "reports" holds
 * what each would have printed alone, its own log included, and its "exit_code".
 *
 * <p>Why: a JVM and the engine's classes take 0.5 s or more to start, a parse of a small game
 * 20 ms once they are loaded. Only commands that parse and read are allowed: a game played
 * leaves threads and static state behind that would reach the next job.
 */
final class BatchCommand {
  private static final Set<String> ALLOWED = Set.of("parse", "attachment", "found");

  private BatchCommand() {}

  static Map<String, Object> run(List<String> args, EngineLog log) throws Exception {
    if (args.size() != 1) throw new UsageError("usage: batch JOBS");
    List<List<String>> jobs = new ArrayList<>();
    int lineNumber = 0;
    for (String line : Files.readAllLines(Path.of(args.get(0)), StandardCharsets.UTF_8)) {
      lineNumber++;
      if (line.isBlank()) continue;
      jobs.add(job(line, lineNumber));
    }
    List<Object> reports = new ArrayList<>();
    for (List<String> job : jobs) {
      log.drainInto(new LinkedHashMap<>()); // what the last job printed after its report is not this one's
      Map<String, Object> report = Harness.run(job, log);
      log.drainInto(report);
      reports.add(report);
    }
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("ok", true);
    report.put("reports", reports);
    return report;
  }

  private static List<String> job(String line, int lineNumber) throws UsageError {
    Object parsed;
    try {
      parsed = Json.parse(line);
    } catch (RuntimeException malformed) {
      throw new UsageError("JOBS line " + lineNumber + ": " + malformed.getMessage());
    }
    List<String> job = new ArrayList<>();
    if (parsed instanceof List) {
      for (Object item : (List<?>) parsed) {
        if (item instanceof String) job.add((String) item);
      }
    }
    if (job.isEmpty() || job.size() != ((List<?>) parsed).size()) {
      throw new UsageError("JOBS line " + lineNumber + ": not an array of strings");
    }
    if (!ALLOWED.contains(job.get(0))) {
      throw new UsageError("JOBS line " + lineNumber + ": " + job.get(0) + " is not one of " + ALLOWED);
    }
    return job;
  }
}
