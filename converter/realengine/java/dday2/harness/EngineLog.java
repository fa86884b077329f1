package dday2.harness;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Routes everything the engine prints to stderr and remembers it.
 *
 * <p>Why: the engine's ClientLogger writes to the System.out it finds when first loaded, which
 * would corrupt the one JSON line the harness prints; so stdout is taken over before any engine
 * class loads, and the real stdout is kept for the report alone.
 */
final class EngineLog {
  private static final Pattern EXCEPTION_LINE =
      Pattern.compile("^(Exception in thread .*|([\\w$]+\\.)*[\\w$]*(Exception|Error)\\b.*|Caused by: .*)$");
  private static final int KEPT_LINES = 400;

  private final PrintStream reportStream;
  private final List<String> lines = new ArrayList<>();
  private final List<String> errors = new ArrayList<>();

  private EngineLog(PrintStream reportStream) {
    this.reportStream = reportStream;
  }

  static EngineLog install() {
    PrintStream realOut = System.out;
    PrintStream realErr = System.err;
    EngineLog log = new EngineLog(realOut);
    PrintStream captured = new PrintStream(new LineSplitter(log, realErr), true, StandardCharsets.UTF_8);
    System.setOut(captured);
    System.setErr(captured);
    return log;
  }

  PrintStream reportStream() {
    return reportStream;
  }

  synchronized void accept(String line) {
    if (lines.size() < KEPT_LINES) lines.add(line);
    if (EXCEPTION_LINE.matcher(line.trim()).matches()) errors.add(line.trim());
  }

  synchronized void error(String message) {
    errors.add(message);
  }

  synchronized List<String> errors() {
    return new ArrayList<>(errors);
  }

  synchronized List<String> lines() {
    return new ArrayList<>(lines);
  }

  /** Moves what was printed so far into `report` ("log_errors", "log") and starts afresh. */
  synchronized void drainInto(Map<String, Object> report) {
    report.put("log_errors", errors());
    report.put("log", lines());
    errors.clear();
    lines.clear();
  }

  /** Splits the byte stream into lines for the log and passes bytes through to the real stderr. */
  private static final class LineSplitter extends OutputStream {
    private final EngineLog log;
    private final PrintStream passThrough;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

    LineSplitter(EngineLog log, PrintStream passThrough) {
      this.log = log;
      this.passThrough = passThrough;
    }

    @Override
    public synchronized void write(int b) {
      passThrough.write(b);
      if (b == '\n') {
        log.accept(pending.toString(StandardCharsets.UTF_8).stripTrailing());
        pending.reset();
      } else {
        pending.write(b);
      }
    }

    @Override
    public synchronized void write(byte[] bytes, int offset, int length) {
      for (int i = offset; i < offset + length; i++) write(bytes[i]);
    }

    @Override
    public void flush() {
      passThrough.flush();
    }
  }
}
