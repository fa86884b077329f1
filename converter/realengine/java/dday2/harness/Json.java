package dday2.harness;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Minimal JSON writer and reader: the harness talks JSON with Python and must not depend on engine libraries for it. */
final class Json {
  private Json() {}

  static String write(Object value) {
    StringBuilder out = new StringBuilder();
    write(value, out);
    return out.toString();
  }

  private static void write(Object value, StringBuilder out) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String) {
      quote((String) value, out);
    } else if (value instanceof Number || value instanceof Boolean) {
      out.append(value);
    } else if (value instanceof Map) {
      out.append('{');
      Iterator<? extends Map.Entry<?, ?>> entries = ((Map<?, ?>) value).entrySet().iterator();
      while (entries.hasNext()) {
        Map.Entry<?, ?> entry = entries.next();
        quote(String.valueOf(entry.getKey()), out);
        out.append(':');
        write(entry.getValue(), out);
        if (entries.hasNext()) out.append(',');
      }
      out.append('}');
    } else if (value instanceof Iterable) {
      out.append('[');
      Iterator<?> items = ((Iterable<?>) value).iterator();
      while (items.hasNext()) {
        write(items.next(), out);
        if (items.hasNext()) out.append(',');
      }
      out.append(']');
    } else {
      quote(value.toString(), out);
    }
  }

  private static void quote(String text, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"': out.append("\\\""); break;
        case '\\': out.append("\\\\"); break;
        case '\n': out.append("\\n"); break;
        case '\r': out.append("\\r"); break;
        case '\t': out.append("\\t"); break;
        default:
          if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
          else out.append(c);
      }
    }
    out.append('"');
  }

  /** Parses one JSON document into Map (ordered) / List / String / Long / Double / Boolean / null. */
  static Object parse(String text) {
    Reader reader = new Reader(text);
    Object value = reader.value();
    reader.skipSpace();
    if (reader.pos != text.length()) throw reader.error("trailing characters");
    return value;
  }

  private static final class Reader {
    final String text;
    int pos;

    Reader(String text) {
      this.text = text;
    }

    IllegalArgumentException error(String why) {
      return new IllegalArgumentException("bad JSON at character " + pos + ": " + why);
    }

    void skipSpace() {
      while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) pos++;
    }

    char peek() {
      skipSpace();
      if (pos >= text.length()) throw error("unexpected end");
      return text.charAt(pos);
    }

    void expect(char c) {
      if (peek() != c) throw error("expected '" + c + "'");
      pos++;
    }

    Object value() {
      char c = peek();
      if (c == '{') return object();
      if (c == '[') return array();
      if (c == '"') return string();
      if (text.startsWith("true", pos)) { pos += 4; return Boolean.TRUE; }
      if (text.startsWith("false", pos)) { pos += 5; return Boolean.FALSE; }
      if (text.startsWith("null", pos)) { pos += 4; return null; }
      return number();
    }

    Map<String, Object> object() {
      expect('{');
      Map<String, Object> map = new LinkedHashMap<>();
      if (peek() == '}') { pos++; return map; }
      while (true) {
        if (peek() != '"') throw error("expected a key");
        String key = string();
        expect(':');
        map.put(key, value());
        char c = peek();
        pos++;
        if (c == '}') return map;
        if (c != ',') throw error("expected ',' or '}'");
      }
    }

    List<Object> array() {
      expect('[');
      List<Object> list = new ArrayList<>();
      if (peek() == ']') { pos++; return list; }
      while (true) {
        list.add(value());
        char c = peek();
        pos++;
        if (c == ']') return list;
        if (c != ',') throw error("expected ',' or ']'");
      }
    }

    String string() {
      expect('"');
      StringBuilder out = new StringBuilder();
      while (true) {
        if (pos >= text.length()) throw error("unterminated string");
        char c = text.charAt(pos++);
        if (c == '"') return out.toString();
        if (c != '\\') { out.append(c); continue; }
        char e = text.charAt(pos++);
        switch (e) {
          case 'n': out.append('\n'); break;
          case 't': out.append('\t'); break;
          case 'r': out.append('\r'); break;
          case 'b': out.append('\b'); break;
          case 'f': out.append('\f'); break;
          case 'u': out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16)); pos += 4; break;
          default: out.append(e);
        }
      }
    }

    Object number() {
      int start = pos;
      while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) pos++;
      String token = text.substring(start, pos);
      if (token.isEmpty()) throw error("unexpected character");
      try {
        if (token.contains(".") || token.contains("e") || token.contains("E")) return Double.valueOf(token);
        return Long.valueOf(token);
      } catch (NumberFormatException bad) {
        throw error("bad number " + token);
      }
    }
  }
}
