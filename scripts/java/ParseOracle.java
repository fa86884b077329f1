// The installed TripleA 1.9's own verdict on game XMLs, for scripts/fuzz_engine.py: each path
// read on stdin is parsed by GameParser (which also validates the attachments) and answered
// on stdout by one line, "ok" or the exception's class and message. The engine's own printing
// goes nowhere, so the answers stay one per line. Compiled at run time against the jar.
import games.strategy.engine.data.GameParser;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.concurrent.atomic.AtomicReference;

public final class ParseOracle {
  public static void main(String[] args) throws IOException {
    BufferedReader requests = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintStream answers = System.out;
    System.setOut(new PrintStream(OutputStream.nullOutputStream()));
    System.setErr(new PrintStream(OutputStream.nullOutputStream()));
    String path;
    while ((path = requests.readLine()) != null) {
      answers.println(verdict(path).replace('\n', ' ').replace('\r', ' '));
      answers.flush();
    }
  }

  private static String verdict(String path) {
    try {
      byte[] xml = Files.readAllBytes(Paths.get(path));
      new GameParser(path).parse(new ByteArrayInputStream(xml), new AtomicReference<>(), false);
      return "ok";
    } catch (Throwable failure) {
      // the validation's exception names only the map; the reason is in its causes
      StringBuilder said = new StringBuilder(failure.getClass().getSimpleName() + ": " + failure.getMessage());
      for (Throwable cause = failure.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
        said.append(" | cause: ").append(cause.getClass().getSimpleName()).append(": ").append(cause.getMessage());
      }
      return said.toString();
    }
  }
}
