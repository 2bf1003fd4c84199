// SHELL-05: collapsible sidebar, top header, main content.
import type { ReactNode } from "react";
import { Outlet, useLocation } from "react-router";
import { RenderErrorBoundary } from "@/client/components/error-fallback";
import { SidebarProvider } from "@/client/components/ui/sidebar-context";
import { SidebarInset } from "@/client/components/ui/sidebar";
import { AppHeader } from "./app-header";
import { AppSidebar } from "./app-sidebar";

/** `overlay`: dialogs that belong to the whole shell (the onboarding wizard), given by the router. */
export function AppLayout({ overlay }: { overlay?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <SidebarProvider>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AppSidebar />
      <SidebarInset>
        <AppHeader />
        <main id="main" tabIndex={-1} className="flex flex-1 flex-col p-4 outline-none md:p-6">
          {/* A page that throws leaves the shell usable; moving elsewhere clears the error. */}
          <RenderErrorBoundary resetKeys={[pathname]}>
            <Outlet />
          </RenderErrorBoundary>
        </main>
      </SidebarInset>
      {overlay}
    </SidebarProvider>
  );
}
