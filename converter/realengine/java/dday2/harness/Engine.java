package dday2.harness;

import games.strategy.engine.ClientFileSystemHelper;
import games.strategy.engine.data.GameData;
import games.strategy.engine.data.GameParser;
import java.io.File;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;

/** The few engine entry points every subcommand needs. */
final class Engine {
  private Engine() {}

  /** Parses a game XML exactly as the engine's game chooser does (full parse, not delayed). */
  static GameData parse(Path xml) throws Exception {
    try (InputStream in = Files.newInputStream(xml)) {
      return new GameParser(xml.toAbsolutePath().toString()).parse(in, new AtomicReference<>(), false);
    }
  }

  /** The map name the engine looks up under downloadedMaps (game property "mapName"). */
  static String mapName(GameData data) {
    Object value = data.getProperties().get("mapName");
    return value == null ? data.getGameName() : value.toString();
  }

  /** The engine's own maps folder (under -Duser.home, which the Python side points at scratch). */
  static File userMapsFolder() {
    return ClientFileSystemHelper.getUserMapsFolder();
  }

  static String describe(Throwable error) {
    Throwable root = error;
    while (root.getCause() != null && root.getCause() != root) root = root.getCause();
    String message = root.getMessage() == null ? "" : root.getMessage();
    String outer = error == root ? "" : " (via " + error.getClass().getSimpleName() + ")";
    return root.getClass().getSimpleName() + ": " + message + outer;
  }
}
