import { useStore } from '@nanostores/react';
import { api } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n/react.tsx';
import { ratingSchema, type RatingFor } from '../../../lib/schemas/ratings.ts';
import type { PopupProps } from '../../../lib/stores/popup.ts';
import { FormNotice } from '../../ui/Alert.tsx';
import { DialogBody, DialogHeader, FormActions } from '../../ui/Dialog.tsx';
import { CharCount, TextArea } from '../../ui/Field.tsx';
import { flashAndGo } from '../../ui/flash.ts';
import { StarRatingField } from '../../ui/StarRating.tsx';
import { useZodForm } from '../../ui/use-zod-form.ts';
import { $fulfilTarget, orderPath } from '../fulfil-target.ts';

/** review-traveller / review-buyer: stars (at least one) and a comment on the other side (POST /v1/ratings). */
export function ReviewForm({ close, for: forRole, testId, title }: PopupProps & { for: RatingFor; testId: string; title: string }) {
  const t = useT();
  const order = useStore($fulfilTarget);
  const form = useZodForm({
    schema: ratingSchema,
    defaultValues: { rate: 0, comment: '' },
    toInput: ({ rate, comment }) => ({ transaction_id: order?.id, rate, comment, for: forRole }),
  });
  const onSubmit = form.submit(async (data) => {
    const res = await api('POST', '/ratings', { body: data });
    flashAndGo(res.message, orderPath(order!));
    return 'navigating';
  });
  if (!order) return null;
  const rate = form.field('rate');
  return (
    <form noValidate onSubmit={onSubmit} data-testid={testId}>
      <DialogHeader title={title} description={t('orders-fulfil:review.description', { name: order.other_name })} />
      <DialogBody className="space-y-4 pb-4">
        <FormNotice notice={form.notice} />
        <StarRatingField name="rate" label={t('orders-fulfil:review.stars')} value={rate.value} onValue={rate.onValue} error={rate.error} ref={rate.ref} />
        <TextArea
          {...form.text('comment')}
          label={t('orders-fulfil:review.comment')}
          placeholder={t('orders-fulfil:review.comment_placeholder')}
          optional
          rows={4}
          aside={<CharCount value={form.watch('comment')} max={1000} />}
        />
      </DialogBody>
      <FormActions busy={form.busy} onCancel={close} submitLabel={t('orders-fulfil:review.submit')} busyLabel={t('orders-fulfil:review.submitting')} />
    </form>
  );
}
