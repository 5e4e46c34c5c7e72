/** A labelled password input of the staff forms (6 to 100 characters, as the schema says). */
export function PasswordField({
  name,
  label,
  autoComplete,
}: {
  name: string;
  label: string;
  autoComplete: "current-password" | "new-password";
}) {
  return (
    <div>
      <label htmlFor={name} className="block font-medium text-slate-800">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type="password"
        autoComplete={autoComplete}
        required
        maxLength={100}
        className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-3 text-lg"
      />
    </div>
  );
}
