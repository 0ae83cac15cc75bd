import { useLoaderData } from "react-router";

export function meta() {
  return [{ title: "Hello" }, { name: "description", content: "A React Router hello world." }];
}

// A loader like every page of the site has, so the reference pays for serialising its data too.
export function loader() {
  return { message: "Hello from the server" };
}

export default function Home() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Hello world</h1>
      <p>{message}</p>
    </main>
  );
}
