// Every feature's tenancy cases. A new /api route without a case here fails tenancy.test.ts.
import { authOrgTenancyCases } from "../auth-orgs/tenancy-cases";
import { providerTenancyCases } from "../providers/tenancy-cases";
import { modelTenancyCases } from "../models/tenancy-cases";
import { agentTenancyCases } from "../agents/tenancy-cases";
import { settingsTenancyCases } from "../settings/tenancy-cases";
import { chatTenancyCases } from "../chat/tenancy-cases";
import { fileTenancyCases } from "../files/tenancy-cases";
import { dashboardTenancyCases } from "../dashboard/tenancy-cases";
import { userTenancyCases } from "../users/tenancy-cases";
import { scheduledTaskTenancyCases } from "../scheduled-tasks/tenancy-cases";
import { kbTenancyCases } from "../kb/tenancy-cases";
import { kbSearchTenancyCases } from "../kb/index/tenancy-cases";
import { emailApprovalTenancyCases } from "../email-approvals/tenancy-cases";
import type { TenancyCases } from "./tenancy-types";

export const tenancyCases: TenancyCases = {
  ...authOrgTenancyCases,
  ...providerTenancyCases,
  ...modelTenancyCases,
  ...agentTenancyCases,
  ...settingsTenancyCases,
  ...chatTenancyCases,
  ...fileTenancyCases,
  ...dashboardTenancyCases,
  ...userTenancyCases,
  ...scheduledTaskTenancyCases,
  ...kbSearchTenancyCases,
  ...kbTenancyCases,
  ...emailApprovalTenancyCases,
};
