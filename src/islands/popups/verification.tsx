import { useEffect, useId, useState } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { OTP_LENGTH, OTP_RESEND_SECONDS, sendOtpSchema, verifyOtpSchema } from '../../lib/schemas/account.ts';
import type { Profile } from '../../lib/schemas/auth.ts';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { $user } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { Glyph } from '../settings/Glyph.tsx';
import { OtpBoxes } from '../settings/OtpBoxes.tsx';
import { FormNotice } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { DialogActions, DialogBody, DialogHeader, FormActions } from '../ui/Dialog.tsx';
import { TextField } from '../ui/Field.tsx';
import { AlertIcon, CheckIcon } from '../ui/icons.tsx';
import { useZodForm } from '../ui/use-zod-form.ts';

type Step = 'phone' | 'code' | 'done';

/**
 * The last code sent while this page is open. Closing and reopening the popup within the minute
 * goes back to the code step instead of being refused a second SMS.
 */
let lastSent: Sent | null = null;

const digits = (phone: string) => phone.replace(/\D/g, '').slice(-9);
const mmss = (seconds: number) => `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

/** Seconds left until `deadline`, ticking; 0 once it has passed. */
function useCountdown(deadline: number) {
  const left = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    const timer = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return seconds;
}

/**
 * Phone verification (SPEC §4, §5): 1. the number, POST /v1/send-phone-verification;
 * 2. the 4-character code from the SMS, POST /v1/verify-phone, with a one-minute resend
 * countdown; 3. the server's welcome to selling. Opened with openPopup('verification').
 */
export default function VerificationPopup({ close }: PopupProps) {
  const t = useT();
  const user = $user.get();
  const resume = lastSent && lastSent.deadline > Date.now() && user?.phone_number && digits(user.phone_number) === digits(lastSent.phone) ? lastSent : null;
  const [step, setStep] = useState<Step>(resume ? 'code' : 'phone');
  const [phone, setPhone] = useState(resume?.phone ?? user?.phone_number ?? '');
  const [sent, setSent] = useState(resume);
  const [success, setSuccess] = useState('');

  const stepNumber = step === 'phone' ? 1 : step === 'code' ? 2 : 3;
  return (
    <div>
      <DialogHeader
        title={t('settings:verify.title')}
        description={
          <span className="mt-1 flex items-center gap-3">
            <span className="flex gap-1" aria-hidden="true">
              {[1, 2, 3].map((n) => (
                <span key={n} className={`h-1.5 w-8 rounded-full ${n <= stepNumber ? 'bg-brand-500' : 'bg-slate-200'}`} />
              ))}
            </span>
            <span className="text-xs font-medium text-slate-500">{t('settings:verify.step', { step: stepNumber })}</span>
          </span>
        }
      />
      {step === 'phone' && (
        <PhoneStep
          phone={phone}
          onPhone={setPhone}
          close={close}
          onSent={(s) => {
            lastSent = s;
            setSent(s);
            setStep('code');
          }}
        />
      )}
      {step === 'code' && sent && (
        <CodeStep
          sent={sent}
          onResent={(s) => {
            lastSent = s;
            setSent(s);
          }}
          onBack={() => setStep('phone')}
          onVerified={(message) => {
            lastSent = null;
            setSuccess(message);
            setStep('done');
          }}
        />
      )}
      {step === 'done' && (
        <>
          <DialogBody className="pb-5">
            <div role="status" className="flex flex-col items-center px-2 py-4 text-center">
              <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
                <CheckIcon className="size-8" />
              </span>
              <h3 className="mt-4 text-base font-semibold text-slate-900">{t('settings:verify.success_title')}</h3>
              <p className="mt-1 text-sm leading-6 text-slate-600">{success}</p>
            </div>
          </DialogBody>
          <DialogActions>
            <Button onClick={close} data-autofocus>
              {t('settings:verify.done')}
            </Button>
          </DialogActions>
        </>
      )}
    </div>
  );
}

interface Sent {
  phone: string;
  deadline: number;
  message: string;
}

async function sendCode(phone: string): Promise<Sent> {
  const res = await api<{ phone_number: string; resend_in: number }>('POST', '/send-phone-verification', { body: { phone_number: phone } });
  return { phone: res.data.phone_number, deadline: Date.now() + (res.data.resend_in ?? OTP_RESEND_SECONDS) * 1000, message: res.message ?? '' };
}

function PhoneStep({ phone, onPhone, onSent, close }: { phone: string; onPhone: (v: string) => void; onSent: (s: Sent) => void; close: () => void }) {
  const t = useT();
  const form = useZodForm({ schema: sendOtpSchema, defaultValues: { phone_number: phone } });
  const number = form.field('phone_number');

  const onSubmit = form.submit(async ({ phone_number }) => {
    // The code sent a moment ago to this same number is still on its way: enter it.
    if (lastSent && lastSent.deadline > Date.now() && digits(lastSent.phone) === digits(phone_number)) return onSent(lastSent);
    onSent(await sendCode(phone_number));
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogBody className="space-y-4 pb-4">
        <div className="flex gap-3 rounded-xl bg-slate-50 p-3.5 text-sm leading-6 text-slate-600">
          <Glyph name="phone" className="size-5 shrink-0 text-brand-600" />
          <p>{t('settings:verify.phone_text')}</p>
        </div>
        <FormNotice notice={form.notice} />
        <TextField
          {...number}
          onValue={(v) => {
            number.onValue(v);
            onPhone(v);
          }}
          label={t('settings:verify.phone_label')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t('settings:phone_popup.placeholder')}
          autoFocus
        />
      </DialogBody>
      <FormActions busy={form.busy} onCancel={close} submitLabel={t('settings:verify.send')} busyLabel={t('settings:verify.sending')} />
    </form>
  );
}

function CodeStep({ sent, onResent, onBack, onVerified }: { sent: Sent; onResent: (s: Sent) => void; onBack: () => void; onVerified: (message: string) => void }) {
  const t = useT();
  const form = useZodForm({
    schema: verifyOtpSchema,
    defaultValues: { code: Array.from({ length: OTP_LENGTH }, () => '') },
    toInput: ({ code }) => ({ phone_number: sent.phone, otp_code: code.join('') }),
    // Whatever the server finds wrong (the code, or the number it was sent to) is said under the boxes.
    fieldOf: { otp_code: 'code', phone_number: 'code' },
  });
  const code = form.watch('code');
  const [resending, setResending] = useState(false);
  const seconds = useCountdown(sent.deadline);
  const errorId = useId();
  const complete = code.every((c) => c !== '');
  const error = form.errorOf('code') ?? form.notice?.text;

  const onSubmit = form.submit(async (data) => {
    const res = await api<Profile>('POST', '/verify-phone', { body: data });
    $user.set(res.data);
    onVerified(res.message ?? '');
  });

  /** A change forgets the last message: the user is fixing it. */
  function change(next: string[]) {
    form.setValue('code', next);
    form.clearErrors('code');
    form.setNotice(null);
  }

  async function resend() {
    if (seconds > 0 || resending) return;
    setResending(true);
    form.setNotice(null);
    try {
      const next = await sendCode(sent.phone);
      onResent(next);
      change(code.map(() => ''));
      toast.success(next.message);
    } catch (err) {
      form.setNotice({ kind: 'error', text: err instanceof ApiError ? (err.errors.phone_number ?? err.message) : t('errors:server') });
    } finally {
      setResending(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogBody className="space-y-5 pb-5">
        <div className="text-center">
          <h3 className="text-base font-semibold text-slate-900">{t('settings:verify.code_title')}</h3>
          <p className="mt-1 text-sm text-slate-600">{sent.message}</p>
          <p className="mt-0.5 text-xs text-slate-500">{t('settings:verify.code_text')}</p>
        </div>
        <OtpBoxes value={code} onChange={change} invalid={Boolean(error)} describedBy={error ? errorId : undefined} disabled={form.busy} />
        {error && (
          <p id={errorId} role="alert" className="flex items-start justify-center gap-1.5 text-center text-sm text-red-600">
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            {error}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-sm">
          <span role="timer" aria-live="off" aria-label={t('settings:verify.resend_in', { time: mmss(seconds) })} className="font-mono text-slate-500 tabular-nums">
            {mmss(seconds)}
          </span>
          <button
            type="button"
            onClick={() => void resend()}
            disabled={seconds > 0 || resending}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline"
          >
            {t('settings:verify.resend')}
          </button>
          <span aria-hidden="true" className="text-slate-300">
            ·
          </span>
          <button type="button" onClick={onBack} className="font-medium text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline">
            {t('settings:verify.change_number')}
          </button>
        </div>
      </DialogBody>
      <DialogActions>
        <Button type="submit" disabled={!complete} loading={form.busy} loadingLabel={t('settings:verify.verifying')} className="sm:min-w-32">
          {t('settings:verify.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
