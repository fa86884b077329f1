// Times the installed engine's own parse of game XMLs in one warm JVM: first WARMUP rounds
// of untimed parses over every file (the JIT compiles the parser on all of them, so the
// first file timed is as warm as the last), then for each file RUNS timed parses; prints
// "<file>\t<median ns>\t<ok or the exception's name>" per file.
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
    int count = args.length - 2;
    byte[][] xmls = new byte[count][];
    for (int i = 0; i < count; i++) {
      xmls[i] = Files.readAllBytes(Paths.get(args[i + 2]));
    }
    for (int round = 0; round < warmup; round++) {
      for (byte[] xml : xmls) {
        parse(xml);
      }
    }
    for (int i = 0; i < count; i++) {
      long[] times = new long[runs];
      String error = null;
      for (int run = 0; run < runs; run++) {
        long start = System.nanoTime();
        error = parse(xmls[i]);
        times[run] = System.nanoTime() - start;
      }
      Arrays.sort(times);
      System.out.println(args[i + 2] + "\t" + times[runs / 2] + "\t" + (error == null ? "ok" : error));
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
