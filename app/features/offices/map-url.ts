/**
 * An office on OpenStreetMap (no tracking, no API key), centred on the office with a marker.
 * The interactive map on the contact page is a later feature; this is its "visit" link.
 */
export function mapUrl({ latitude, longitude }: { latitude: number; longitude: number }): string {
  const lat = latitude.toFixed(5);
  const lon = longitude.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}
