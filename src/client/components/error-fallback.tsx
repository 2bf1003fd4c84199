// The error texts of chat spec §8 (ERR-02..05).
import type { ReactNode } from "react";
import { AlertTriangle, RotateCcw } from "lucide-react";
import { ErrorBoundary } from "react-error-boundary";
import { Button } from "@/client/components/ui/button";
import { cn } from "@/client/lib/utils";

/** ERR-02/03: a data load failed; "Try Again" resets and retries. */
export function DataErrorFallback({ onRetry, className }: { onRetry: () => void; className?: string }) {
  return (
    <div role="alert" className={cn("flex flex-col items-center justify-center gap-3 p-8 text-center", className)}>
      <span className="flex size-10 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <AlertTriangle className="size-5" aria-hidden />
      </span>
      <h2 className="text-base font-semibold">Something went wrong</h2>
      <p className="max-w-sm text-sm text-muted-foreground">
        We're having trouble loading this data. Please try again.
      </p>
      <Button variant="outline" onClick={onRetry}>
        <RotateCcw aria-hidden />
        Try Again
      </Button>
    </div>
  );
}

/** ERR-04: a component failed to render. */
export function RenderErrorFallback({ className }: { className?: string }) {
  return (
    <div role="alert" className={cn("p-8 text-center text-sm text-muted-foreground", className)}>
      Something went wrong.
    </div>
  );
}

/** Catches render errors below it; `resetKeys` (e.g. the path) clear the error when they change. */
export function RenderErrorBoundary({ children, resetKeys }: { children: ReactNode; resetKeys?: unknown[] }) {
  return (
    <ErrorBoundary fallback={<RenderErrorFallback />} resetKeys={resetKeys}>
      {children}
    </ErrorBoundary>
  );
}

/**
 * For data hooks that throw (SWR `suspense`): shows the data fallback; "Try Again" runs `onReset`
 * (revalidate the failed keys) and renders the children again.
 */
export function DataErrorBoundary({ children, onReset }: { children: ReactNode; onReset: () => void }) {
  return (
    <ErrorBoundary
      onReset={onReset}
      fallbackRender={({ resetErrorBoundary }) => <DataErrorFallback onRetry={resetErrorBoundary} />}
    >
      {children}
    </ErrorBoundary>
  );
}
