import { Outlet } from "react-router";
import { SiteFrame } from "./SiteFrame";

/** Home, contact, alert management, support, press: full-width sections the pages compose themselves. */
export default function DefaultLayout() {
  return (
    <SiteFrame name="default">
      <Outlet />
    </SiteFrame>
  );
}
