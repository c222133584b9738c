import { useT } from '../../lib/i18n/react.tsx';
import { RETURN_PROBLEM_REASONS } from '../../lib/orders/after-sales.ts';
import { returnProblemSchema } from '../../lib/schemas/after-sales.ts';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { StepReason } from '../orders/AfterSalesParts.tsx';

/** The traveller reports a problem with the appeal return (POST /v1/transactions/appeal/{id}/return-problem). */
export default function ReturProblem(props: PopupProps) {
  const t = useT();
  return (
    <StepReason
      {...props}
      testId="retur-problem"
      path={(id) => `/transactions/appeal/${id}/return-problem`}
      schema={returnProblemSchema}
      field="return_problem"
      reasons={RETURN_PROBLEM_REASONS}
      labelKey={(r) => `orders-after:problem.reason.${r}`}
      title={t('orders-after:popup.problem_title')}
      description={t('orders-after:popup.problem_description')}
      legend={t('orders-after:popup.problem_legend')}
      noteLabel={t('orders-after:popup.note')}
      confirm={t('orders-after:popup.problem_confirm')}
    />
  );
}
