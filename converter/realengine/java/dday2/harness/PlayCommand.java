package dday2.harness;

import games.strategy.engine.data.GameData;
import games.strategy.engine.data.PlayerID;
import games.strategy.engine.data.events.GameStepListener;
import games.strategy.engine.framework.GameDataManager;
import games.strategy.engine.framework.ServerGame;
import games.strategy.engine.framework.message.PlayerListing;
import games.strategy.engine.history.Event;
import games.strategy.engine.gamePlayer.IGamePlayer;
import games.strategy.net.HeadlessServerMessenger;
import games.strategy.net.Messengers;
import games.strategy.triplea.settings.ClientSetting;
import java.io.File;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.swing.tree.DefaultMutableTreeNode;

/**
 * `play XML --rounds N --ai TYPE --seed S --save OUT [--script FILE] [--oracle stdio] [--timeout SECONDS]`,
 * or `play --load SAVE --rounds N ...` to continue a saved game.
 *
 * <p>Starts the game the way the engine's LocalLauncher does, headless, with seeded dice; when
 * the sequence reaches N rounds after the one it started in (a step boundary, before that step's
 * delegate starts) the game thread writes the save itself, so no other thread can change the
 * data meanwhile. `--load` continues a save (its history goes on growing). `--oracle stdio`
 * seats every player with a scripted player that asks our Python side for each move step's
 * actions and, at each new round, whether to stop (see StdioOracle).
 */
final class PlayCommand {
  private PlayCommand() {}

  static Map<String, Object> run(List<String> argList, EngineLog log) throws Exception {
    Options options = Options.parse(argList);
    GameData data = options.load != null ? GameDataManager.loadGame(options.load.toFile()) : Engine.parse(options.xml);
    MoveScript script = options.script == null ? MoveScript.empty() : MoveScript.load(options.script);
    script.resolvePlayers(data);
    StdioOracle oracle = options.oracle ? new StdioOracle(data, log.reportStream(),
        options.save.resolveSibling(options.save.getFileName() + ".step.tsvg")) : null;

    // Headless play needs the map's folder to exist (not its images).
    File mapFolder = new File(Engine.userMapsFolder(), Engine.mapName(data));
    if (!mapFolder.exists() && !mapFolder.mkdirs()) throw new IllegalStateException("cannot create " + mapFolder);
    ClientSetting.AI_PAUSE_DURATION.save("0"); // the AIs sleep this long after each action
    ClientSetting.flush();

    List<String> names = new ArrayList<>();
    for (PlayerID player : data.getPlayerList().getPlayers()) names.add(player.getName());
    for (String seated : script.seatedPlayers()) {
      if (!names.contains(seated)) throw new UsageError("script seats unknown player: " + seated);
    }
    Map<String, String> aiTypes = new LinkedHashMap<>();
    Map<String, String> playerTypes = new LinkedHashMap<>();
    Map<String, Boolean> enabled = new LinkedHashMap<>();
    Map<String, String> nodes = new LinkedHashMap<>();
    for (String name : names) {
      boolean scripted = oracle != null || script.seatedPlayers().contains(name);
      if (!scripted) aiTypes.put(name, options.ai);
      playerTypes.put(name, scripted ? ScriptedPlayer.TYPE : options.ai);
      enabled.put(name, true);
      nodes.put(name, "local");
    }
    PlayerListing listing = new PlayerListing(nodes, enabled, playerTypes, data.getGameVersion(),
        data.getGameName(), "1", Collections.emptyList(), new HashMap<>());
    data.doPreGameStartDataModifications(listing);

    Set<IGamePlayer> players = new LinkedHashSet<>(data.getGameLoader().createPlayers(aiTypes));
    List<Map<String, Object>> scriptLog = Collections.synchronizedList(new ArrayList<>());
    if (oracle != null) {
      for (String name : names) players.add(new ScriptedPlayer(name, oracle, scriptLog));
    } else {
      for (String name : script.seatedPlayers()) players.add(new ScriptedPlayer(name, script, scriptLog));
    }

    ServerGame game = new ServerGame(data, players, new HashMap<>(), new Messengers(new HeadlessServerMessenger()));
    game.setRandomSource(new SeededRandomSource(options.seed));
    int startRound = data.getSequence().getRound();
    StopAfterRounds stopper = new StopAfterRounds(data, startRound, startRound + options.rounds, options.save, log, oracle);
    game.addGameStepListener(stopper);
    data.getGameLoader().startGame(game, players, true);

    Runnable play = () -> {
      try {
        game.startGame();
      } catch (Throwable error) { // e.g. a delegate that throws in start(): the game cannot go on
        stopper.crash = Engine.describe(error);
      } finally {
        stopper.gameEnded(); // only reached when the game ends by itself (victory, or a crash)
      }
    };
    Thread gameThread = new Thread(play, "dday2-game");
    gameThread.setDaemon(true);
    gameThread.start();
    boolean stopped = stopper.done.await(options.timeoutSeconds, TimeUnit.SECONDS);

    Map<String, Object> report = new LinkedHashMap<>();
    if (!stopped) {
      report.put("ok", false);
      String lastEvent = lastEvent(data);
      report.put("error", "timeout after " + options.timeoutSeconds + " s in round " + stopper.round
          + " at step " + stopper.step + (lastEvent.isEmpty() ? "" : " (last event: " + lastEvent + ")"));
      report.put("last_event", lastEvent);
      report.put("exit_code", Harness.EXIT_TIMEOUT);
    } else if (stopper.saveError != null) {
      report.put("ok", false);
      report.put("error", "save failed: " + stopper.saveError);
      report.put("exit_code", Harness.EXIT_ENGINE_ERROR);
    } else {
      report.put("ok", true);
    }
    report.put("rounds_played", stopper.roundsCompleted());
    report.put("game_over", stopper.gameOver);
    report.put("game_crash", stopper.crash);
    report.put("final_round", stopper.round);
    report.put("final_step", stopper.step);
    report.put("steps_run", stopper.stepsRun);
    report.put("save", stopper.saved ? options.save.toAbsolutePath().toString() : null);
    report.put("seated", playerTypes);
    report.put("script_log", new ArrayList<>(scriptLog));
    report.put("script_errors", scriptErrors(scriptLog));
    report.put("unused_script_entries", script.unusedEntries());
    report.put("start_round", startRound);
    report.put("oracle_requests", oracle == null ? 0 : oracle.requests());
    report.put("stopped_by_oracle", stopper.stoppedByOracle);
    return report;
  }

  /**
   * The description of the game history's last event ("" without one): where a game that waits
   * stopped, e.g. the victory an end-of-round step announced. Read while the game thread waits.
   */
  private static String lastEvent(GameData data) {
    String description = "";
    Enumeration<?> nodes = ((DefaultMutableTreeNode) data.getHistory().getRoot()).preorderEnumeration();
    while (nodes.hasMoreElements()) {
      Object node = nodes.nextElement();
      if (node instanceof Event) description = ((Event) node).getDescription();
    }
    return description;
  }

  private static List<String> scriptErrors(List<Map<String, Object>> scriptLog) {
    List<String> errors = new ArrayList<>();
    synchronized (scriptLog) {
      for (Map<String, Object> entry : scriptLog) {
        if (entry.get("error") != null) {
          errors.add("round " + entry.get("round") + " " + entry.get("step") + " " + entry.get("action")
              + ": " + entry.get("error"));
        }
      }
    }
    return errors;
  }

  /** Watches step changes; at round N+1 (or at game over) saves and releases the main thread. */
  private static final class StopAfterRounds implements GameStepListener {
    final CountDownLatch done = new CountDownLatch(1);
    private final GameData data;
    private final int startRound;
    private final int stopRound;
    private final Path save;
    private final EngineLog log;
    private final StdioOracle oracle;
    volatile boolean stoppedByOracle;
    volatile int round;
    volatile String step = "";
    volatile int stepsRun;
    volatile boolean saved;
    volatile boolean gameOver;
    volatile String saveError;
    volatile String crash; // what ended the game thread, when an exception did

    StopAfterRounds(GameData data, int startRound, int stopRound, Path save, EngineLog log, StdioOracle oracle) {
      this.data = data;
      this.startRound = startRound;
      this.stopRound = stopRound;
      this.save = save;
      this.log = log;
      this.oracle = oracle;
    }

    int roundsCompleted() {
      return (gameOver ? round : round - 1) - startRound + 1;
    }

    @Override
    public void gameStepChanged(String stepName, String delegateName, PlayerID player, int round, String displayName) {
      if (done.getCount() == 0) return;
      boolean newRound = this.round != 0 && round > this.round;
      this.round = round;
      this.step = stepName;
      if (round < stopRound && !(newRound && oracle != null && (stoppedByOracle = oracle.stopBeforeRound(round)))) {
        stepsRun++;
        return;
      }
      saveAndRelease();
      // Hold the game thread here: the data stays exactly as saved until the JVM halts.
      while (true) {
        try {
          Thread.sleep(60_000);
        } catch (InterruptedException ignored) {
          return;
        }
      }
    }

    /** Called when the game ends by itself (victory) before N rounds. */
    void gameEnded() {
      if (done.getCount() == 0) return;
      gameOver = true;
      saveAndRelease();
    }

    private void saveAndRelease() {
      try {
        writeSave();
        saved = true;
      } catch (Throwable error) {
        saveError = Engine.describe(error);
        log.error("save failed: " + saveError);
      } finally {
        done.countDown();
      }
    }

    private void writeSave() throws Exception {
      Path target = save.toAbsolutePath();
      Path partial = target.resolveSibling(target.getFileName() + ".partial");
      data.acquireReadLock();
      try (OutputStream out = Files.newOutputStream(partial)) {
        GameDataManager.saveGame(out, data);
      } finally {
        data.releaseReadLock();
      }
      Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
  }

  /** The play subcommand's options. */
  private static final class Options {
    Path xml;
    Path load;
    boolean oracle;
    int rounds = 1;
    String ai = "Easy (AI)";
    long seed = 1;
    Path save;
    Path script;
    long timeoutSeconds = 600;

    static Options parse(List<String> args) {
      Options options = new Options();
      List<String> positional = new ArrayList<>();
      for (int i = 0; i < args.size(); i++) {
        String arg = args.get(i);
        if (!arg.startsWith("--")) {
          positional.add(arg);
          continue;
        }
        if (i + 1 >= args.size()) throw new UsageError("missing value for " + arg);
        String value = args.get(++i);
        try {
          switch (arg) {
            case "--rounds": options.rounds = Integer.parseInt(value); break;
            case "--ai": options.ai = value; break;
            case "--seed": options.seed = Long.parseLong(value); break;
            case "--save": options.save = Path.of(value); break;
            case "--script": options.script = Path.of(value); break;
            case "--load": options.load = Path.of(value); break;
            case "--oracle":
              if (!value.equals("stdio")) throw new UsageError("--oracle takes: stdio");
              options.oracle = true;
              break;
            case "--timeout": options.timeoutSeconds = Long.parseLong(value); break;
            default: throw new UsageError("unknown option " + arg);
          }
        } catch (NumberFormatException bad) {
          throw new UsageError("not a number for " + arg + ": " + value);
        }
      }
      if (positional.size() != (options.load == null ? 1 : 0)) {
        throw new UsageError("usage: play XML|--load SAVE --rounds N --ai TYPE --seed S --save OUT");
      }
      if (options.save == null) throw new UsageError("play needs --save OUT");
      if (options.rounds < 1) throw new UsageError("--rounds must be at least 1");
      if (options.load == null) options.xml = Path.of(positional.get(0));
      return options;
    }
  }
}
