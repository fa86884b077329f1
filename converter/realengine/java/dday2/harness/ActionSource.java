package dday2.harness;

import java.util.List;
import java.util.Map;

/** Where a scripted player gets the actions of one run of a step: a move script, or a live oracle. */
interface ActionSource {
  /** The actions for this run of the step (empty: end the step at once). */
  List<Map<String, Object>> take(String player, String step, int round);
}
