package dday2.harness;

import games.strategy.engine.data.GameData;
import games.strategy.engine.data.PlayerID;
import games.strategy.engine.data.Territory;
import games.strategy.engine.data.UnitType;
import games.strategy.triplea.TripleAUnit;
import games.strategy.triplea.attachments.UnitAttachment;
import games.strategy.triplea.delegate.Matches;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * `damage XML UNIT_TYPE PLAYER TERRITORY`: what the engine says of bombing damage to a new unit
 * of that type and player in that territory: the most damage it can take there in all, whether
 * reaching that kills it, and at which damage amounts (0 up to that most) it is disabled.
 */
final class DamageCommand {
  private static final int MOST_ASKED = 200; // damage amounts asked about, at most

  private DamageCommand() {}

  static Map<String, Object> run(List<String> args) throws Exception {
    if (args.size() != 4) throw new UsageError("usage: damage XML UNIT_TYPE PLAYER TERRITORY");
    GameData data = Engine.parse(Path.of(args.get(0)));
    UnitType type = data.getUnitTypeList().getUnitType(args.get(1));
    PlayerID player = data.getPlayerList().getPlayerId(args.get(2));
    Territory territory = data.getMap().getTerritory(args.get(3));
    if (type == null || player == null || territory == null) {
      throw new UsageError("no such unit type, player or territory");
    }
    TripleAUnit unit = (TripleAUnit) type.create(player);
    int total = unit.getHowMuchDamageCanThisUnitTakeTotal(unit, territory);
    List<Object> disabledAt = new ArrayList<>();
    for (int damage = 0; damage <= Math.min(total, MOST_ASKED); damage++) {
      unit.setUnitDamage(damage);
      if (Matches.unitIsDisabled().match(unit)) disabledAt.add(damage);
    }
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("ok", true);
    report.put("can_be_damaged", Matches.unitCanBeDamaged().match(unit));
    report.put("total", total);
    report.put("dies_at_total", UnitAttachment.get(type).getCanDieFromReachingMaxDamage());
    report.put("disabled_at", disabledAt);
    return report;
  }
}
