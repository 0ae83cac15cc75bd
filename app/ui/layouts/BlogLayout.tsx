import { Outlet } from "react-router";
import { SiteFrame } from "./SiteFrame";

/** News and articles: a comfortable reading measure (about 68 characters) and a calmer frame. */
export default function BlogLayout() {
  return (
    <SiteFrame name="blog">
      <div className="reading-frame">
        <Outlet />
      </div>
    </SiteFrame>
  );
}
