// Two organisations, each with an admin and a member, and a user in neither. Every later feature's
// tenancy cases run against this fixture.
import type { App } from "../app";
import { addMember, createOrg, setActive, signUp, type Identity } from "./http";

export interface OrgFixture {
  id: string;
  name: string;
  admin: Identity;
  member: Identity;
}

export interface TenancyFixture {
  a: OrgFixture;
  b: OrgFixture;
  outsider: Identity;
}

async function orgWithPeople(app: App, label: string): Promise<OrgFixture> {
  const admin = await signUp(app, `${label}-admin`);
  const member = await signUp(app, `${label}-member`);
  const org = await createOrg(app, admin, `Tenancy ${label} ${admin.userId.slice(0, 6)}`);
  await addMember(app, admin, org.id, member, "org:member");
  await setActive(app, admin, org.id);
  await setActive(app, member, org.id);
  return { id: org.id, name: org.name, admin, member };
}

export async function createTenancyFixture(app: App): Promise<TenancyFixture> {
  const [a, b, outsider] = await Promise.all([
    orgWithPeople(app, "a"),
    orgWithPeople(app, "b"),
    signUp(app, "outsider"),
  ]);
  return { a, b, outsider };
}
