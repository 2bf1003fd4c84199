import { describe, expect, it } from "vitest";
import { INTEGRATION_BY_KEY, SNOWFLAKE_AUTH_ERROR } from "@/shared/connections/integrations";
import { PROVIDER_BY_KEY } from "@/shared/connections/providers";
import {
  connectionPayload,
  initialValues,
  keptSecrets,
  serverFieldErrors,
  validateConnection,
  visibleFields,
} from "./form";

const openai = PROVIDER_BY_KEY.openai!;
const aws = PROVIDER_BY_KEY.aws_bedrock!;
const snowflake = INTEGRATION_BY_KEY.snowflake!;
const postgres = INTEGRATION_BY_KEY.postgres!;

describe("connection forms", () => {
  it("[PROV-14][PROV-18] an empty OpenAI key shows 'API key is required' on its field", () => {
    expect(validateConnection(openai, initialValues(openai))).toEqual({ OPENAI_API_KEY: "API key is required" });
  });

  it("[PROV-11][PROV-15] AWS needs region, key id and secret; the session token is optional", () => {
    expect(validateConnection(aws, initialValues(aws))).toEqual({
      AWS_REGION: "Region is required",
      AWS_ACCESS_KEY_ID: "Access Key ID is required",
      AWS_SECRET_ACCESS_KEY: "Secret Access Key is required",
    });
    const filled = {
      AWS_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: "AKIA",
      AWS_SECRET_ACCESS_KEY: "s",
      AWS_SESSION_TOKEN: "",
    };
    expect(validateConnection(aws, filled)).toEqual({});
    expect(connectionPayload(aws, filled)).toEqual({
      AWS_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: "AKIA",
      AWS_SECRET_ACCESS_KEY: "s",
    });
  });

  it("editing: a stored secret left empty is kept, so it is not an error and is not sent", () => {
    const values = initialValues(openai, {
      key: "openai",
      isConnected: true,
      values: {},
      secretsSet: ["OPENAI_API_KEY"],
    });
    expect(validateConnection(openai, values, ["OPENAI_API_KEY"])).toEqual({});
    expect(connectionPayload(openai, values)).toEqual({});
  });

  it("[INTEG-06] Snowflake shows password only for password auth and token only for PAT", () => {
    const values = initialValues(snowflake);
    expect(values.auth_method).toBe("password");
    expect(visibleFields(snowflake, values)).toContain("password");
    expect(visibleFields(snowflake, values)).not.toContain("token");
    expect(visibleFields(snowflake, { ...values, auth_method: "pat" })).toEqual(expect.arrayContaining(["token"]));
    expect(visibleFields(snowflake, { ...values, auth_method: "pat" })).not.toContain("password");
  });

  it("[INTEG-07][INTEG-08][INTEG-09] Snowflake messages, the combined auth error under the visible secret field", () => {
    const empty = { ...initialValues(snowflake), auth_method: "" };
    expect(validateConnection(snowflake, empty).auth_method).toBe("Please select an authentication method");
    const base = {
      auth_method: "password",
      account: "a",
      user: "u",
      password: "",
      token: "",
      warehouse: "w",
      database: "d",
      schema: "s",
      role: "",
    };
    // Every error on the first submit, the secret's among them (issue 17 #11).
    expect(validateConnection(snowflake, base)).toEqual({
      role: "Role name is required",
      password: SNOWFLAKE_AUTH_ERROR,
    });
    expect(validateConnection(snowflake, { ...base, role: "r" })).toEqual({ password: SNOWFLAKE_AUTH_ERROR });
    expect(validateConnection(snowflake, { ...base, role: "r", auth_method: "pat", password: "ignored" })).toEqual({
      token: SNOWFLAKE_AUTH_ERROR,
    });
    expect(
      connectionPayload(snowflake, { ...base, role: "r", auth_method: "pat", password: "hidden", token: "t" }),
    ).not.toHaveProperty("password");
  });

  it("[INTEG-11][INTEG-12][INTEG-13] Postgres: port defaults to 5432 and is sent as a number; sslmode is optional", () => {
    const values = initialValues(postgres);
    expect(values.port).toBe("5432");
    expect(validateConnection(postgres, values)).toEqual({
      host: "Host is required",
      database: "Database name is required",
      user: "Username is required",
      password: "Password is required",
    });
    const filled = { ...values, host: "db.example.com", database: "app", user: "me", password: "pw" };
    expect(validateConnection(postgres, filled)).toEqual({});
    expect(connectionPayload(postgres, filled)).toEqual({
      host: "db.example.com",
      port: 5432,
      database: "app",
      user: "me",
      password: "pw",
    });
    expect(validateConnection(postgres, { ...filled, port: "-3" })).toEqual({
      port: "Port must be a positive integer",
    });
  });

  it("prefills an edit form with the stored non-secret values", () => {
    const values = initialValues(postgres, {
      key: "postgres",
      isConnected: true,
      values: { host: "h", port: 6543, sslmode: "require" },
      secretsSet: ["password"],
    });
    expect(values).toMatchObject({ host: "h", port: "6543", sslmode: "require", password: "" });
  });

  it("maps the server's details.fields to the fields shown", () => {
    const body = { error: "Host is required", details: { fields: { host: "Host is required" } } };
    expect(serverFieldErrors(postgres, body, initialValues(postgres))).toEqual({ host: "Host is required" });
    expect(serverFieldErrors(postgres, { error: "x" }, initialValues(postgres))).toEqual({});
  });

  it("security #7: fields that become host names show their message in the form", () => {
    const azure = PROVIDER_BY_KEY.azure_openai!;
    const vertex = PROVIDER_BY_KEY.google_vertex!;
    expect(
      validateConnection(aws, {
        AWS_REGION: "x.127.0.0.1.nip.io:3532/#",
        AWS_ACCESS_KEY_ID: "a",
        AWS_SECRET_ACCESS_KEY: "s",
        AWS_SESSION_TOKEN: "",
      }),
    ).toEqual({
      AWS_REGION: "Region must be an AWS region code such as us-east-1",
    });
    expect(validateConnection(azure, { RESOURCE_NAME: "evil.com/#", API_KEY: "k", DEPLOYMENT_NAME: "" })).toEqual({
      RESOURCE_NAME: "Resource name may contain only letters, digits and hyphens",
    });
    expect(
      validateConnection(vertex, {
        GOOGLE_CLOUD_PROJECT_ID: "p",
        GOOGLE_CLOUD_LOCATION: "127.0.0.1.nip.io:1/#",
        GOOGLE_CLOUD_JSON_KEY: '{"type":"external_account"}',
      }),
    ).toEqual({
      GOOGLE_CLOUD_LOCATION: "Location must be a Google Cloud location such as us-central1",
      GOOGLE_CLOUD_JSON_KEY: 'JSON key must be a service account key (type "service_account")',
    });
  });

  it("security #4: a changed destination field voids the stored secrets; other edits keep them", () => {
    const stored = {
      key: "postgres",
      isConnected: true,
      values: { host: "h", port: 5432, database: "d", user: "u" },
      secretsSet: ["password"],
    };
    const values = initialValues(postgres, stored);
    expect(keptSecrets(postgres, values, stored)).toEqual({ kept: ["password"], changed: null });
    expect(keptSecrets(postgres, { ...values, database: "other" }, stored)).toEqual({
      kept: ["password"],
      changed: null,
    });
    for (const [field, value] of [
      ["host", "elsewhere"],
      ["port", "6543"],
      ["user", "admin"],
      ["sslmode", "disable"],
    ] as const) {
      const edited = { ...values, [field]: value };
      expect(keptSecrets(postgres, edited, stored), field).toEqual({ kept: [], changed: field });
      expect(validateConnection(postgres, edited, keptSecrets(postgres, edited, stored).kept)).toEqual({
        password: "Password is required",
      });
    }
  });
});
