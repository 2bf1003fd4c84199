// Routes of chat spec §2 (ROUTE-01..11). Pages are code-split; the shell loads with the app.
import { createBrowserRouter, Navigate } from "react-router";
import { RouteErrorPage } from "./components/route-error-page";
import { AppRoot } from "./components/shell/app-root";
import { LoadingScreen } from "./components/shell/loading-screen";
import { PublicOnly } from "./components/shell/public-only";
import { RequireAuth } from "./components/shell/require-auth";
import { OnboardingWizard } from "./features/onboarding/onboarding-wizard";

const signInPage = async () => ({ Component: (await import("./features/auth-orgs/sign-in-page")).SignInPage });
const forgotPasswordPage = async () => ({
  Component: (await import("./features/auth-orgs/forgot-password-page")).ForgotPasswordPage,
});
const resetPasswordPage = async () => ({
  Component: (await import("./features/auth-orgs/reset-password-page")).ResetPasswordPage,
});
const invitePage = async () => ({ Component: (await import("./features/auth-orgs/invite-page")).InvitePage });
const userManagementPage = async () => ({
  Component: (await import("./features/users/user-management-page")).UserManagementPage,
});
const dashboardPage = async () => ({ Component: (await import("./features/dashboard/dashboard-page")).DashboardPage });
const chatPage = async () => ({ Component: (await import("./features/chat/chat-page")).ChatPage });
const controlHubLayout = async () => ({
  Component: (await import("./features/control-hub/control-hub-layout")).ControlHubLayout,
});
const agentsPage = async () => ({ Component: (await import("./features/agents/agents-page")).AgentsPage });
const agentEditPage = async () => ({ Component: (await import("./features/agents/agent-edit-page")).AgentEditPage });
const providersPage = async () => ({ Component: (await import("./features/providers/providers-page")).ProvidersPage });
const modelsPage = async () => ({ Component: (await import("./features/models/models-page")).ModelsPage });
const integrationsPage = async () => ({
  Component: (await import("./features/integrations/integrations-page")).IntegrationsPage,
});
const settingsPage = async () => ({ Component: (await import("./features/settings/settings-page")).SettingsPage });
const advancedSettingsPage = async () => ({
  Component: (await import("./features/settings/advanced-settings-page")).AdvancedSettingsPage,
});
const scheduledTasksPage = async () => ({
  Component: (await import("./features/scheduled-tasks/scheduled-tasks-page")).ScheduledTasksPage,
});
const knowledgeBasesPage = async () => ({
  Component: (await import("./features/knowledge-bases/knowledge-bases-page")).KnowledgeBasesPage,
});
const kbDetailPage = async () => ({
  Component: (await import("./features/knowledge-bases/kb-detail-page")).KbDetailPage,
});
const fileReviewPage = async () => ({
  Component: (await import("./features/knowledge-bases/file-review-page")).FileReviewPage,
});

export const router = createBrowserRouter([
  {
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: LoadingScreen,
    children: [
      {
        // ROUTE-10/11: both spellings show the sign-in page; with the password reset pages below, the only public pages.
        Component: PublicOnly,
        children: [
          { path: "sign-in", lazy: signInPage },
          { path: "signin", lazy: signInPage },
          // A shareable sign-up link (issue 17 #18): the same page, opened on "Create account".
          { path: "sign-up", lazy: signInPage },
        ],
      },
      // Password reset (issue 17 #5): open with or without a session, since the emailed link may be
      // followed in a browser where someone is signed in.
      { path: "forgot-password", lazy: forgotPasswordPage },
      { path: "reset-password", lazy: resetPasswordPage },
      {
        Component: RequireAuth,
        children: [
          // The invitation link (decision 024): visitors sign in or up first, then come back to accept.
          { path: "invite/:invitationId", lazy: invitePage },
          {
            // The shell is shared code and imports no feature: the router hands it the wizard.
            element: <AppRoot overlay={<OnboardingWizard />} />,
            children: [
              {
                // Errors in a page (or its chunk) show inside the shell, so the sidebar still works.
                ErrorBoundary: RouteErrorPage,
                children: [
                  { index: true, element: <Navigate to="/dashboard" replace /> },
                  { path: "dashboard", lazy: dashboardPage },
                  { path: "chat/:threadId?", lazy: chatPage },
                  {
                    // ROUTE-12..26: the hub frame with its tabs; unknown paths show Agents (ROUTE-13).
                    path: "control-hub",
                    lazy: controlHubLayout,
                    children: [
                      { index: true, lazy: agentsPage },
                      { path: "agents/new", lazy: agentEditPage },
                      { path: "agents/:agentId", lazy: agentEditPage },
                      { path: "providers", lazy: providersPage },
                      { path: "models", lazy: modelsPage },
                      { path: "knowledge-bases", lazy: knowledgeBasesPage },
                      { path: "knowledge-bases/:knowledgeBaseId", lazy: kbDetailPage },
                      { path: "knowledge-bases/:knowledgeBaseId/files/:fileId/review", lazy: fileReviewPage },
                      { path: "scheduled-tasks", lazy: scheduledTasksPage },
                      { path: "integrations", lazy: integrationsPage },
                      { path: "settings", lazy: settingsPage },
                      { path: "settings/advanced-settings", lazy: advancedSettingsPage },
                      {
                        path: "advanced-settings",
                        element: <Navigate to="/control-hub/settings/advanced-settings" replace />,
                      },
                      { path: "organization", lazy: userManagementPage },
                      { path: "*", element: <Navigate to="/control-hub" replace /> },
                    ],
                  },
                  { path: "agents", element: <Navigate to="/control-hub" replace /> },
                  { path: "settings", element: <Navigate to="/control-hub/settings" replace /> },
                  { path: "*", element: <Navigate to="/dashboard" replace /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
]);
