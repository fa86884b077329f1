package dday2.harness;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Command-line bridge from the dday2 toolkit to the real TripleA engine (1.9).
 *
 * <pre>
 *   parse XML
 *   play XML --rounds N --ai "Easy (AI)" --seed S --save OUT.tsvg [--script FILE] [--oracle stdio] [--timeout SECONDS]
 *   play --load SAVE.tsvg --rounds N ...   (continue a saved game for N more rounds)
 *   loadmap MAPDIR XML
 *   show MAPDIR XML [--seconds N]     (needs a display: the real game window, for screenshots)
 *   attachment XML KIND OWNER NAME FIELD...   (fields of one attachment after the parse)
 *   batch JOBS    (parse, attachment and found commands, one per line of JOBS, in this one JVM)
 * </pre>
 *
 * Prints exactly one JSON object on stdout; the engine's own output goes to stderr. Exit codes:
 * 0 done, 1 the engine failed (JSON has "error"), 2 usage, 3 timeout.
 */
public final class Harness {
  static final int EXIT_ENGINE_ERROR = 1;
  static final int EXIT_USAGE = 2;
  static final int EXIT_TIMEOUT = 3;

  private Harness() {}

  public static void main(String[] argv) {
    EngineLog log = EngineLog.install(); // first: before any engine class reads System.out
    Map<String, Object> report = run(Arrays.asList(argv), log);
    int exitCode = (Integer) report.remove("exit_code");
    log.drainInto(report);
    log.reportStream().println(Json.write(report));
    log.reportStream().flush();
    // halt: engine threads are not daemons and its shutdown hooks are not ours to wait for
    Runtime.getRuntime().halt(exitCode);
  }

  /** One subcommand's report, with its exit code under "exit_code" (failures reported, not thrown). */
  static Map<String, Object> run(List<String> argv, EngineLog log) {
    Map<String, Object> report;
    int exitCode = 0;
    try {
      if (argv.isEmpty()) {
        throw new UsageError("usage: Harness parse|play|loadmap|show|attachment|found|damage|techroll|batch ...");
      }
      List<String> args = argv.subList(1, argv.size());
      switch (argv.get(0)) {
        case "parse": report = ParseCommand.run(args); break;
        case "play": report = PlayCommand.run(args, log); break;
        case "loadmap": report = LoadMapCommand.run(args); break;
        case "show": report = ShowCommand.run(args); break;
        case "attachment": report = AttachmentCommand.run(args); break;
        case "found": report = FoundCommand.run(args); break;
        case "damage": report = DamageCommand.run(args); break;
        case "techroll": report = TechRollCommand.run(args); break;
        case "batch": report = BatchCommand.run(args, log); break;
        default: throw new UsageError("unknown subcommand: " + argv.get(0));
      }
      Object code = report.remove("exit_code");
      if (code instanceof Integer) exitCode = (Integer) code;
    } catch (UsageError usage) {
      report = failure(usage.getMessage());
      exitCode = EXIT_USAGE;
    } catch (Throwable error) {
      report = failure(Engine.describe(error));
      report.put("error_class", error.getClass().getName());
      exitCode = EXIT_ENGINE_ERROR;
    }
    report.put("exit_code", exitCode);
    return report;
  }

  private static Map<String, Object> failure(String message) {
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("ok", false);
    report.put("error", message);
    return report;
  }
}
