package dday2.harness;

import games.strategy.engine.random.IRandomSource;
import java.util.Random;

/** Dice from a seed, so a game played twice with the same players rolls the same numbers. */
final class SeededRandomSource implements IRandomSource {
  private final Random random;

  SeededRandomSource(long seed) {
    this.random = new Random(seed);
  }

  @Override
  public synchronized int getRandom(int max, String annotation) {
    return random.nextInt(max);
  }

  @Override
  public synchronized int[] getRandom(int max, int count, String annotation) {
    int[] values = new int[count];
    for (int i = 0; i < count; i++) values[i] = random.nextInt(max);
    return values;
  }
}
