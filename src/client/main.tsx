import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { installPreloadErrorReload } from "./lib/preload-error";
import { SwrProvider } from "./lib/swr";
import { applyTheme, storedTheme } from "./lib/theme";
import { router } from "./router";
import "./index.css";

applyTheme(storedTheme());

installPreloadErrorReload(() => {
  const next = router.state.navigation.location;
  return next ? next.pathname + next.search + next.hash : null;
});

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <SwrProvider>
      <RouterProvider router={router} />
      <Toaster position="top-right" richColors />
    </SwrProvider>
  </StrictMode>,
);
