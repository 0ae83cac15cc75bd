import { Outlet } from "react-router";

export default function Nested() {
  return <Outlet />;
}
