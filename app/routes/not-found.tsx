import { data } from "react-router";

/**
 * Any path no route matches: 404 through the error page (docs/requirements.md#error-page: 'This
 * page could not be found').
 */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
