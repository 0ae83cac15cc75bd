import "leaflet/dist/leaflet.css";
import { useEffect, useRef, useState } from "react";
import { EmbedPlaceholder, tileHostName } from "~/features/embeds";
import { mapUrl } from "~/features/offices";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { ContactOffice } from "./ContactSections";

/** The tile source (MAP_TILE_URL, MAP_TILE_ATTRIBUTION); `null` when no map is configured. */
export type MapTiles = { url: string; attribution: string } | null;

/**
 * The studios on an interactive map, only when a tile source is configured, and only after the
 * visitor asks for it: its tiles come from another server, so it is first a click-to-load
 * placeholder naming that server (features/embeds, docs/decisions/0025-click-to-load-embeds.md).
 * Without JavaScript there is no map: the office list below, with addresses and "visit" links,
 * is the accessible version either way.
 */
export function OfficeMap({ offices, tiles }: { offices: ContactOffice[]; tiles: MapTiles }) {
  const { t } = useTranslation("contact");
  if (!tiles) return null;
  return (
    <EmbedPlaceholder
      provider="map"
      providerName={tileHostName(tiles.url)}
      title={t("offices.mapLabel")}
      shape="map"
      embedKey="map:offices"
    >
      {() => <LeafletMap offices={offices} tiles={tiles} />}
    </EmbedPlaceholder>
  );
}

/** The map itself (Leaflet: no WebGL, works on any device), built in the browser once loaded. */
function LeafletMap({ offices, tiles }: { offices: ContactOffice[]; tiles: NonNullable<MapTiles> }) {
  const { t } = useTranslation("contact");
  const container = useRef<HTMLElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    let map: import("leaflet").Map | undefined;
    let cancelled = false;
    // Leaflet reads `window` when it loads: imported here, never on the server.
    import("leaflet")
      .then(({ default: L }) => {
        if (cancelled || !container.current) return;
        map = L.map(container.current, { scrollWheelZoom: false, worldCopyJump: true });
        L.tileLayer(tiles.url, { attribution: escapeHtml(tiles.attribution), maxZoom: 18 }).addTo(map);
        const icon = L.divIcon({ className: "office-marker", html: "<span></span>", iconSize: [22, 22] });
        const points: Array<[number, number]> = [];
        for (const office of offices) {
          const point: [number, number] = [office.latitude, office.longitude];
          points.push(point);
          const popup = document.createElement("div");
          const name = document.createElement("strong");
          name.textContent = office.name;
          const address = document.createElement("p");
          address.textContent = `${office.address.street}, ${office.address.postalCode} ${office.address.city}`;
          const link = document.createElement("a");
          link.href = mapUrl(office);
          link.target = "_blank";
          link.rel = "noopener noreferrer";
          link.textContent = `${t("offices.visit")} ${t("offices.newTab")}`;
          popup.append(name, address, link);
          // Not in the tab order: markers sit close together (touch targets would overlap) and
          // the office list below gives every studio's address and visit link to keyboards.
          L.marker(point, { icon, title: office.name, alt: office.name, keyboard: false })
            .bindPopup(popup)
            .addTo(map);
        }
        if (points.length) map.fitBounds(L.latLngBounds(points), { padding: [30, 30] });
        else map.setView([30, 0], 2);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [tiles, offices, t]);

  if (failed) return null;
  return <section ref={container} className="office-map" aria-label={t("offices.mapLabel")} />;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
