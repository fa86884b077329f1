// Times the installed engine's own parse of game XMLs in one warm JVM: for each file,
// WARMUP untimed parses, then RUNS timed ones; prints "<file>\t<median ns>" per file.
// Compiled at bench time against /usr/share/games/triplea/bin/triplea.jar (TripleA 1.9).
import games.strategy.engine.data.GameParser;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;

public final class ParseTimes {
  public static void main(String[] args) throws Exception {
    int warmup = Integer.parseInt(args[0]);
    int runs = Integer.parseInt(args[1]);
    for (int i = 2; i < args.length; i++) {
      byte[] xml = Files.readAllBytes(Paths.get(args[i]));
      long[] times = new long[runs];
      String error = null;
      for (int run = -warmup; run < runs; run++) {
        long start = System.nanoTime();
        try {
          new GameParser("bench").parse(new ByteArrayInputStream(xml), new AtomicReference<>(), false);
        } catch (Throwable failure) {
          error = failure.getClass().getSimpleName();
        }
        if (run >= 0) {
          times[run] = System.nanoTime() - start;
        }
      }
      Arrays.sort(times);
      System.out.println(args[i] + "\t" + times[runs / 2] + "\t" + (error == null ? "ok" : error));
    }
  }
}
