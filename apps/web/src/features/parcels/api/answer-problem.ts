import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract, type ProblemChoice } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';
import { parcelKeys } from './keys.ts';

/** The customer's answer to the warehouse's problem on their parcel. */
export const answerProblem = (input: { problem_id: number; choice: ProblemChoice; message: string; files: string[] }) =>
  api.call(contract.parcels.parcelProblemAnswer, input);
export function useAnswerProblem() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: answerProblem, onSuccess: () => qc.invalidateQueries({ queryKey: parcelKeys.all }) });
}
