import { useState } from 'react';
import { Button, Image, ImageUploader, ImageViewer, Tag, TextArea, Toast, type ImageUploadItem } from 'antd-mobile';
import { problemChoices, type ParcelProblem, type ProblemChoice } from '@pinyou/contract';
import { useTranslation } from '../../../lib/translation.ts';
import { useAnswerProblem } from '../api/answer-problem.ts';
import { uploadPhoto } from '../api/upload-photo.ts';
import { formatTime } from './timeline.tsx';

function Photos({ srcs, testId }: { srcs: string[]; testId: string }) {
  if (!srcs.length) return null;
  return (
    <div className="pc-photos" data-testid={testId}>
      {srcs.map((src, i) => (
        <Image key={src} src={src} fit="cover" onClick={() => ImageViewer.Multi.show({ images: srcs, defaultIndex: i })} />
      ))}
    </div>
  );
}

/** The warehouse's problem on a parcel: reason, photos, the thread, and the owner's answer. */
export function ProblemCard({ problem }: { problem: ParcelProblem }) {
  const { t } = useTranslation();
  const answer = useAnswerProblem();
  const [choice, setChoice] = useState<ProblemChoice | null>(null);
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<ImageUploadItem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const resolved = problem.status === 'resolved';

  const submit = async () => {
    if (!choice) return setError(t('parcels.problem.chooseFirst'));
    if (choice === 'invoice' && !files.length) return setError(t('parcels.problem.invoiceNeeded'));
    setError(null);
    try {
      await answer.mutateAsync({ problem_id: problem.id, choice, message: message.trim(), files: files.map((f) => f.url) });
      Toast.show({ icon: 'success', content: t('parcels.problem.sent') });
      setChoice(null);
      setMessage('');
      setFiles([]);
    } catch {
      /* the request client already showed why */
    }
  };

  return (
    <div className={`section pc-problem ${resolved ? 'is-resolved' : ''}`} data-testid="parcel-problem">
      <div className="row between">
        <div className="section-title" style={{ margin: 0 }}>
          {t('parcels.problem.title')}
        </div>
        <Tag color={resolved ? 'success' : problem.status === 'answered' ? 'primary' : 'danger'} data-testid="problem-status">
          {t(`parcels.problem.status.${problem.status}`)}
        </Tag>
      </div>
      <div className="pc-problem-reason" data-testid="problem-reason">
        {problem.reason}
      </div>
      {problem.note && <div className="muted">{problem.note}</div>}
      <Photos srcs={problem.photos} testId="problem-photos" />
      {problem.messages.length > 0 && (
        <div className="pc-thread" data-testid="problem-thread">
          {problem.messages.map((m) => (
            <div key={m.id} className={`pc-msg ${m.author}`}>
              <div className="muted">
                {t(`parcels.problem.author.${m.author}`)} · {formatTime(m.at)}
              </div>
              {m.choice && <b>{t(`parcels.problem.choice.${m.choice}`)}</b>}
              {m.message && <div>{m.message}</div>}
              <Photos srcs={m.files} testId="problem-msg-files" />
            </div>
          ))}
        </div>
      )}
      {resolved ? (
        <div data-testid="problem-resolution">
          <b>{t('parcels.problem.resolution')}</b> {problem.resolution}
        </div>
      ) : (
        <div className="pc-answer">
          <div className="muted">{t('parcels.problem.ask')}</div>
          <div className="pc-choices" role="radiogroup">
            {problemChoices.map((c) => (
              <button
                key={c}
                type="button"
                role="radio"
                aria-checked={choice === c}
                className={`pc-choice ${choice === c ? 'on' : ''}`}
                onClick={() => setChoice(c)}
                data-testid={`problem-choice-${c}`}
              >
                {t(`parcels.problem.choice.${c}`)}
              </button>
            ))}
          </div>
          {choice === 'invoice' && (
            <div data-testid="problem-invoice">
              <div className="muted">{t('parcels.problem.invoiceHint')}</div>
              <ImageUploader
                value={files}
                onChange={setFiles}
                maxCount={3}
                accept="image/png,image/jpeg,image/webp"
                upload={async (file) => ({ url: (await uploadPhoto(file)).url })}
              />
            </div>
          )}
          <TextArea
            value={message}
            onChange={setMessage}
            maxLength={500}
            rows={2}
            placeholder={t('parcels.problem.messagePh')}
            data-testid="problem-message"
          />
          {error && (
            <div className="field-error" data-testid="problem-error">
              {error}
            </div>
          )}
          <Button block color="primary" loading={answer.isPending} onClick={() => void submit()} data-testid="problem-send">
            {t('parcels.problem.send')}
          </Button>
        </div>
      )}
    </div>
  );
}
