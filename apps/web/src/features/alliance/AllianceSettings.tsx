import { useState, type FormEvent, type ReactNode } from 'react';
import { AllianceMessages, type UpdateAllianceRequest } from '@runik/contract';
import { Card } from '../../ui/Card';
import { postUpdateAlliance } from './alliance-api';
import { checkAllianceUpdate } from './alliance-validation';
import { AllianceError } from './AllianceFeedback';
import { DescriptionField } from './DescriptionField';
import { TagField } from './TagField';
import { useAllianceAction, type AllianceSectionProps } from './use-alliance-action';

/** The leader's edits of the tag and the description, each saved on its own. */
export function AllianceSettings(props: AllianceSectionProps) {
  const { alliance } = props;
  return (
    <Card title="Settings">
      {/* Keyed by the saved value, so a form starts over from what the server now holds. */}
      <EditTagForm key={`tag-${alliance.tag}`} {...props} />
      <EditDescriptionForm key={`description-${alliance.description}`} {...props} />
    </Card>
  );
}

function EditTagForm(props: AllianceSectionProps) {
  const [tag, setTag] = useState(props.alliance.tag);
  const form = useUpdateForm(props, AllianceMessages.failedTag);
  return (
    <UpdateForm label="Edit tag" testId="edit-tag-form" form={form} unchanged={tag === props.alliance.tag} update={{ tag }}>
      <TagField
        value={tag}
        lengthMessage={AllianceMessages.editTagLength}
        onChange={(text) => {
          form.setError(null);
          setTag(text);
        }}
      />
    </UpdateForm>
  );
}

function EditDescriptionForm(props: AllianceSectionProps) {
  const [description, setDescription] = useState(props.alliance.description);
  const form = useUpdateForm(props, AllianceMessages.failedDescription);
  return (
    <UpdateForm
      label="Edit description"
      testId="edit-description-form"
      form={form}
      unchanged={description === props.alliance.description}
      update={{ description }}
    >
      <DescriptionField
        value={description}
        onChange={(text) => {
          form.setError(null);
          setDescription(text);
        }}
      />
    </UpdateForm>
  );
}

type UpdateFields = Pick<UpdateAllianceRequest, 'tag' | 'description'>;

/** One update call (tag or description) and the refusal its form shows. */
function useUpdateForm({ username, alliance, report }: AllianceSectionProps, fallback: string) {
  const [error, setError] = useState<string | null>(null);
  const update = useAllianceAction<UpdateAllianceRequest>(username, { request: postUpdateAlliance, fallback, report });
  const save = (fields: UpdateFields) => {
    const checked = checkAllianceUpdate({ hiveUsername: username, allianceId: alliance.id, ...fields });
    if (checked.ok) update.mutate(checked.body);
    else setError(checked.message);
  };
  return { error, setError, save, pending: update.isPending };
}

interface UpdateFormProps {
  label: string;
  testId: string;
  form: ReturnType<typeof useUpdateForm>;
  /** Nothing to save while the field still holds the saved value. */
  unchanged: boolean;
  update: UpdateFields;
  children: ReactNode;
}

function UpdateForm({ label, testId, form, unchanged, update, children }: UpdateFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.save(update);
  };
  return (
    <form className="alliance-form" aria-label={label} data-testid={testId} onSubmit={submit} noValidate>
      {children}
      {form.error && <AllianceError message={form.error} />}
      <button type="submit" className="button" disabled={unchanged || form.pending} aria-busy={form.pending}>
        Save
      </button>
    </form>
  );
}
