import { describe, expect, it } from "vitest";
import { mapUrl } from "./map-url";

describe("mapUrl", () => {
  it("opens OpenStreetMap on the office with a marker", () => {
    expect(mapUrl({ latitude: 46.8118, longitude: -71.2235 })).toBe(
      "https://www.openstreetmap.org/?mlat=46.81180&mlon=-71.22350#map=17/46.81180/-71.22350",
    );
  });
});
