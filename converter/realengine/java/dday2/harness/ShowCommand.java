package dday2.harness;

import games.strategy.engine.data.GameData;
import games.strategy.engine.data.PlayerID;
import games.strategy.engine.framework.ServerGame;
import games.strategy.engine.framework.message.PlayerListing;
import games.strategy.engine.gamePlayer.IGamePlayer;
import games.strategy.net.HeadlessServerMessenger;
import games.strategy.net.Messengers;
import java.awt.Frame;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * `show MAPDIR XML [--seconds N]`: opens the real game window (TripleAFrame) on the map, for a
 * screenshot under Xvfb. The first player with a step is a human, so the game waits on its
 * first step with the map on screen; every other player does nothing. Halts after N seconds.
 */
final class ShowCommand {
  private ShowCommand() {}

  /** Xvfb has no window manager to maximize the window: size it to the screen ourselves. */
  private static void fillScreenOnceVisible(long deadline) throws Exception {
    while (System.currentTimeMillis() < deadline) {
      for (Frame frame : Frame.getFrames()) {
        if (frame.isVisible() && frame.getTitle().startsWith("TripleA")) {
          java.awt.Dimension screen = java.awt.Toolkit.getDefaultToolkit().getScreenSize();
          javax.swing.SwingUtilities.invokeAndWait(() -> {
            frame.setBounds(0, 0, screen.width, screen.height);
            frame.validate();
          });
          return;
        }
      }
      Thread.sleep(250);
    }
  }

  static Map<String, Object> run(List<String> args) throws Exception {
    List<String> positional = new ArrayList<>();
    long seconds = 20;
    for (int i = 0; i < args.size(); i++) {
      if (args.get(i).equals("--seconds") && i + 1 < args.size()) seconds = Long.parseLong(args.get(++i));
      else positional.add(args.get(i));
    }
    if (positional.size() != 2) throw new UsageError("usage: show MAPDIR XML [--seconds N]");
    GameData data = Engine.parse(Path.of(positional.get(1)));
    LoadMapCommand.install(Path.of(positional.get(0)).toAbsolutePath(), Engine.mapName(data));

    String human = null;
    for (games.strategy.engine.data.GameStep step : data.getSequence()) {
      if (step.getPlayerId() != null) {
        human = step.getPlayerId().getName();
        break;
      }
    }
    Map<String, String> types = new LinkedHashMap<>();
    Map<String, Boolean> enabled = new LinkedHashMap<>();
    Map<String, String> nodes = new LinkedHashMap<>();
    for (PlayerID player : data.getPlayerList().getPlayers()) {
      types.put(player.getName(), player.getName().equals(human) ? "Human" : "Does Nothing (AI)");
      enabled.put(player.getName(), true);
      nodes.put(player.getName(), "local");
    }
    data.doPreGameStartDataModifications(new PlayerListing(nodes, enabled, types, data.getGameVersion(),
        data.getGameName(), "1", Collections.emptyList(), new HashMap<>()));
    Set<IGamePlayer> players = data.getGameLoader().createPlayers(types);
    ServerGame game = new ServerGame(data, players, new HashMap<>(), new Messengers(new HeadlessServerMessenger()));
    game.setRandomSource(new SeededRandomSource(1));
    data.getGameLoader().startGame(game, players, false); // false: the real game window
    Thread gameThread = new Thread(game::startGame, "dday2-show");
    gameThread.setDaemon(true);
    gameThread.start();
    long deadline = System.currentTimeMillis() + seconds * 1000;
    fillScreenOnceVisible(deadline);
    Thread.sleep(Math.max(0, deadline - System.currentTimeMillis()));

    List<String> frames = new ArrayList<>();
    for (Frame frame : Frame.getFrames()) {
      if (frame.isVisible()) frames.add(frame.getTitle() + " " + frame.getWidth() + "x" + frame.getHeight());
    }
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("ok", !frames.isEmpty());
    if (frames.isEmpty()) report.put("error", "no game window became visible");
    report.put("human", human);
    report.put("visible_frames", frames);
    return report;
  }
}
