// The profile dialog's name field: saved through Better Auth's update-user, then shown everywhere the
// account's name appears (the account menu reads it from /api/getUser).
import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { useSWRConfig } from "swr";
import { isUserInfoKey } from "@/client/api/user-info";
import { FormField, fieldA11y } from "@/client/components/form-field";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Spinner } from "@/client/components/ui/spinner";
import { authClient } from "@/client/lib/auth-client";
import { USER_NAME_MAX_LENGTH, userNameProblem } from "@/shared/auth/user-name";

export function ProfileNameForm({ name }: { name: string }) {
  const id = useId();
  const { mutate } = useSWRConfig();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = userNameProblem(value);
    setError(problem ?? undefined);
    if (problem) return;
    setBusy(true);
    const result = await authClient.updateUser({ name: value.trim() });
    setBusy(false);
    if (result.error) {
      setError(result.error.message || "Could not save your name. Please try again.");
      return;
    }
    await mutate(isUserInfoKey);
    toast.success("Name saved");
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="grid gap-3" noValidate>
      <FormField id={`${id}-name`} label="Name" error={error}>
        <Input
          {...fieldA11y(`${id}-name`, { error })}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete="name"
          maxLength={USER_NAME_MAX_LENGTH}
        />
      </FormField>
      <Button type="submit" variant="outline" className="justify-self-end" disabled={busy || value.trim() === name}>
        {busy && <Spinner />}
        Save name
      </Button>
    </form>
  );
}
