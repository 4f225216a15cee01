import { useId, useState, type FormEvent } from 'react';
import { AllianceMessages } from '@runik/contract';
import { ALLIANCE_NAME_MAX, DEFAULT_ALLIANCE_ICON, type AllianceIcon } from '@runik/rules';
import { postCreateAlliance } from './alliance-api';
import { useConfirm } from '../../ui/ConfirmDialog';
import { AllianceConfirms, AllianceTexts } from './alliance-messages';
import { checkCreateAlliance } from './alliance-validation';
import { AllianceError } from './AllianceFeedback';
import { DescriptionField } from './DescriptionField';
import { IconPicker } from './IconPicker';
import { TagField } from './TagField';
import { useAllianceAction, type ReportFeedback } from './use-alliance-action';

interface CreateAllianceFormProps {
  username: string;
  report: ReportFeedback;
  onBack: () => void;
}

/** Create Alliance: name, tag, icon and description, checked before the call (spec section 5). */
export function CreateAllianceForm({ username, report, onBack }: CreateAllianceFormProps) {
  const titleId = useId();
  const nameId = useId();
  const [name, setName] = useState('');
  const [tag, setTag] = useState('');
  const [icon, setIcon] = useState<AllianceIcon>(DEFAULT_ALLIANCE_ICON);
  const [description, setDescription] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const create = useAllianceAction(username, {
    request: postCreateAlliance,
    fallback: AllianceMessages.failedCreate,
    spendsRunik: true,
    report,
  });

  // Any edit withdraws the previous refusal.
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setFormError(null);
      set(value);
    };

  const confirm = useConfirm();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCreateAlliance({ hiveUsername: username, name, tag, icon, description });
    if (!checked.ok) {
      setFormError(checked.message);
      return;
    }
    if (
      !(await confirm({
        title: 'Create alliance?',
        message: AllianceConfirms.create(checked.body.name, checked.body.tag),
        confirmLabel: 'Create',
      }))
    )
      return;
    create.mutate(checked.body);
  };

  return (
    <form className="card panel alliance-form" aria-labelledby={titleId} onSubmit={(event) => void submit(event)} noValidate>
      <h2 id={titleId} className="card__title">
        Create Alliance
      </h2>
      <div className="field">
        <label className="field__label" htmlFor={nameId}>
          Name
        </label>
        <input
          id={nameId}
          className="field__input"
          autoComplete="off"
          maxLength={ALLIANCE_NAME_MAX}
          value={name}
          onChange={(event) => edit(setName)(event.target.value)}
        />
      </div>
      <TagField value={tag} onChange={edit(setTag)} lengthMessage={AllianceMessages.tagLength} />
      <IconPicker value={icon} onChange={edit(setIcon)} />
      <DescriptionField value={description} onChange={edit(setDescription)} />
      <p className="alliance-choice__cost">{AllianceTexts.creationCost}</p>
      {formError && <AllianceError message={formError} />}
      <div className="alliance-actions">
        <button type="button" className="button button--ghost" onClick={onBack}>
          Back
        </button>
        <button type="submit" className="button button--primary" disabled={create.isPending} aria-busy={create.isPending}>
          Create Alliance
        </button>
      </div>
    </form>
  );
}
