package dday2.harness;

import games.strategy.engine.data.GameData;
import games.strategy.engine.data.PlayerID;
import games.strategy.engine.data.Territory;
import games.strategy.engine.data.UnitType;
import games.strategy.triplea.ResourceLoader;
import games.strategy.triplea.ui.mapdata.MapData;
import java.awt.Dimension;
import java.awt.Point;
import java.awt.Polygon;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * `loadmap MAPDIR XML`: installs MAPDIR as the XML's map (a symbolic link named after the game's
 * mapName under the engine's downloadedMaps folder) and opens it with the engine's MapData,
 * the class the game window draws from, then runs MapData.verify against the parsed game.
 */
final class LoadMapCommand {
  private static final int TILE_SIZE = 256; // the engine's tile edge, fixed in 1.9

  private LoadMapCommand() {}

  static Map<String, Object> run(List<String> args) throws Exception {
    if (args.size() != 2) throw new UsageError("usage: loadmap MAPDIR XML");
    Path mapDir = Path.of(args.get(0)).toAbsolutePath();
    if (!Files.isDirectory(mapDir)) throw new UsageError("not a folder: " + mapDir);
    GameData data = Engine.parse(Path.of(args.get(1)));
    String mapName = Engine.mapName(data);
    install(mapDir, mapName);

    Map<String, Object> report = new LinkedHashMap<>();
    report.put("map_name", mapName);
    MapData mapData = new MapData(mapName);
    try {
      String verifyError = null;
      try {
        mapData.verify(data);
      } catch (IllegalStateException missing) {
        verifyError = missing.getMessage().trim();
      }
      Map<String, List<String>> missing = new LinkedHashMap<>();
      missing.put("centers", new ArrayList<>());
      missing.put("polygons", new ArrayList<>());
      missing.put("place", new ArrayList<>());
      Map<String, Object> perTerritory = new TreeMap<>();
      for (Territory territory : data.getMap().getTerritories()) {
        perTerritory.put(territory.getName(), territoryCounts(mapData, territory, missing));
      }
      boolean complete = verifyError == null && missing.values().stream().allMatch(List::isEmpty);
      report.put("ok", complete);
      report.put("verify_error", verifyError);
      report.put("missing", missing);
      report.put("territories", perTerritory.size());
      report.put("per_territory", perTerritory);
      Dimension size = mapData.getMapDimensions();
      report.put("map_size", List.of(size.width, size.height));
      report.put("has_relief", mapData.getHasRelief());
      report.put("player_colors", playerColors(mapData, data));
      try (ResourceLoader loader = ResourceLoader.getMapResourceLoader(mapName)) {
        report.put("tiles", tiles(loader, size, mapData.getHasRelief()));
        report.put("missing_unit_images", missingUnitImages(loader, data));
      }
    } finally {
      mapData.close();
    }
    return report;
  }

  /** Points the engine's map lookup at MAPDIR, replacing an earlier link of ours. */
  static void install(Path mapDir, String mapName) throws Exception {
    File maps = Engine.userMapsFolder();
    Path link = maps.toPath().resolve(mapName);
    if (Files.isSymbolicLink(link) || isEmptyFolder(link)) Files.delete(link); // ours, or left by `play`
    if (Files.exists(link)) throw new IllegalStateException("a real map folder is in the way: " + link);
    Files.createDirectories(maps.toPath());
    Files.createSymbolicLink(link, mapDir);
  }

  private static boolean isEmptyFolder(Path path) throws java.io.IOException {
    if (!Files.isDirectory(path)) return false;
    try (java.util.stream.Stream<Path> entries = Files.list(path)) {
      return entries.findAny().isEmpty();
    }
  }

  private static Map<String, Object> territoryCounts(MapData mapData, Territory territory, Map<String, List<String>> missing) {
    Map<String, Object> counts = new LinkedHashMap<>();
    List<Polygon> polygons = mapData.getPolygons(territory);
    List<Point> place = mapData.getPlacementPoints(territory);
    boolean hasCenter;
    try {
      hasCenter = mapData.getCenter(territory) != null;
    } catch (IllegalStateException absent) {
      hasCenter = false;
    }
    if (!hasCenter) missing.get("centers").add(territory.getName());
    if (polygons == null || polygons.isEmpty()) missing.get("polygons").add(territory.getName());
    if (place == null || place.isEmpty()) missing.get("place").add(territory.getName());
    int points = 0;
    if (polygons != null) for (Polygon polygon : polygons) points += polygon.npoints;
    counts.put("polygons", polygons == null ? 0 : polygons.size());
    counts.put("polygon_points", points);
    counts.put("place", place == null ? 0 : place.size());
    counts.put("center", hasCenter);
    return counts;
  }

  private static Map<String, Object> playerColors(MapData mapData, GameData data) {
    Map<String, Object> colors = new TreeMap<>();
    for (PlayerID player : data.getPlayerList().getPlayers()) {
      try {
        java.awt.Color color = mapData.getPlayerColor(player.getName());
        colors.put(player.getName(), String.format("%02X%02X%02X", color.getRed(), color.getGreen(), color.getBlue()));
      } catch (RuntimeException bad) {
        colors.put(player.getName(), null);
      }
    }
    return colors;
  }

  private static Map<String, Object> tiles(ResourceLoader loader, Dimension size, boolean relief) {
    int columns = (size.width + TILE_SIZE - 1) / TILE_SIZE;
    int rows = (size.height + TILE_SIZE - 1) / TILE_SIZE;
    int base = 0;
    int reliefFound = 0;
    for (int x = 0; x < columns; x++) {
      for (int y = 0; y < rows; y++) {
        if (loader.getResource("baseTiles/" + x + "_" + y + ".png") != null) base++;
        if (relief && loader.getResource("reliefTiles/" + x + "_" + y + ".png") != null) reliefFound++;
      }
    }
    Map<String, Object> tiles = new LinkedHashMap<>();
    tiles.put("expected", columns * rows);
    tiles.put("base_found", base);
    tiles.put("relief_found", reliefFound);
    return tiles;
  }

  /** Unit images the map lacks (the engine would fall back to its own assets or a placeholder). */
  private static List<String> missingUnitImages(ResourceLoader loader, GameData data) {
    List<String> missing = new ArrayList<>();
    for (PlayerID player : data.getPlayerList().getPlayers()) {
      for (UnitType type : data.getUnitTypeList()) {
        String own = "units/" + player.getName() + "/" + type.getName() + ".png";
        if (loader.getResource(own) == null && loader.getResource("units/" + type.getName() + ".png") == null) {
          missing.add(own);
        }
      }
    }
    return missing;
  }
}
