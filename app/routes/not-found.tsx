import { data } from "react-router";

/** Any path no route matches: 404 through the error page (§2 'This page could not be found'). */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
