// ERR-05: the router's error page (a route that threw, or a code chunk that could not load).
import { isRouteErrorResponse, useRouteError } from "react-router";
import { Button } from "@/client/components/ui/button";

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <div role="alert" className="flex min-h-[60vh] flex-1 flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      <p className="max-w-xl text-sm break-words text-muted-foreground">{describe(error)}</p>
      <Button variant="outline" onClick={() => window.location.reload()}>
        Reload page
      </Button>
    </div>
  );
}
