import { MemberFactors } from './member-factors.tsx';
import { PolicyForm } from './policy-form.tsx';

/**
 * The administrators' part of the sessions dialog: the customer's session policy (with "second
 * factor required") and the members' two-step sign-in (reset of a lost factor). A lazy chunk of
 * its own: the dialog of a person who administers nothing never loads it.
 */
export default function AdminPart({ onSaved }: { onSaved: () => void }) {
  return (
    <>
      <PolicyForm onSaved={onSaved} />
      <MemberFactors />
    </>
  );
}
