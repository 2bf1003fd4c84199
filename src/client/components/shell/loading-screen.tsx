import { Spinner } from "@/client/components/ui/spinner";

/** SHELL-01: the logo and a spinner while the session and user info load. */
export function LoadingScreen() {
  return (
    <div
      className="flex min-h-svh flex-col items-center justify-center gap-6 bg-background"
      data-testid="loading-screen"
    >
      <img src="/logo.svg" alt="Switchboard" className="size-12" />
      <Spinner className="size-5 text-muted-foreground" />
    </div>
  );
}
