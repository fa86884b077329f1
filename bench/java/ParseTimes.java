// Times the installed engine's own parse of game XMLs (TripleA 1.9's GameParser.parse), in
// one JVM answering requests on stdin, so that the bench can take its samples of ours and of
// the engine's in turns and both see the same machine load. Each line "<runs>\t<file>" is
// answered by "<ok or the exception's name>\t<ns>\t<ns>..." (one time per parse); the file's
// bytes are read once and kept. The JVM exits when stdin ends.
// Compiled at bench time against /usr/share/games/triplea/bin/triplea.jar.
import games.strategy.engine.data.GameParser;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

public final class ParseTimes {
  public static void main(String[] args) throws IOException {
    BufferedReader requests = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    Map<String, byte[]> files = new HashMap<>();
    String request;
    while ((request = requests.readLine()) != null) {
      String[] parts = request.split("\t", 2);
      int runs = Integer.parseInt(parts[0]);
      byte[] xml = files.computeIfAbsent(parts[1], ParseTimes::read);
      StringBuilder times = new StringBuilder();
      String error = null;
      for (int run = 0; run < runs; run++) {
        long start = System.nanoTime();
        error = parse(xml);
        times.append('\t').append(System.nanoTime() - start);
      }
      System.out.println((error == null ? "ok" : error) + times);
      System.out.flush();
    }
  }

  private static byte[] read(String path) {
    try {
      return Files.readAllBytes(Paths.get(path));
    } catch (IOException failure) {
      throw new UncheckedIOException(failure);
    }
  }

  private static String parse(byte[] xml) {
    try {
      new GameParser("bench").parse(new ByteArrayInputStream(xml), new AtomicReference<>(), false);
      return null;
    } catch (Throwable failure) {
      return failure.getClass().getSimpleName();
    }
  }
}
