import { useCallback } from 'react';
import type { AiPrompt, AiQuestion } from '@crm/contract';
import { useModals } from '@/ui/modal';
import { nextOrderOf } from '@/features/ai/lib/question-form';
import type { GroupSetup } from '@/features/ai/lib/setup';
import { GroupModal } from './group-modal';
import { PROMPT_MODAL_WIDTH, PromptModal } from './prompt-modal';
import { QuestionModal } from './question-modal';

/**
 * Opens the group, question and prompt modals on the stack. Forms with typed text do not close
 * on a stray click outside; Escape and 'Отменить' do.
 */
export const useSetupModals = (projectId: number | null) => {
  const modals = useModals();

  const openGroup = useCallback(
    (group?: GroupSetup) => {
      if (projectId === null) return;
      modals.open(({ close }) => <GroupModal projectId={projectId} group={group} onDone={close} />, {
        title: group ? 'Переименовать группу' : 'Новая группа вопросов',
        closeOnOverlay: false,
      });
    },
    [modals, projectId],
  );

  const openQuestion = useCallback(
    (group: GroupSetup, question?: AiQuestion) => {
      if (projectId === null) return;
      modals.open(
        ({ close }) => (
          <QuestionModal
            projectId={projectId}
            groupId={group.id}
            groupName={group.name}
            question={question}
            nextOrder={nextOrderOf(group.questions)}
            onDone={close}
          />
        ),
        { title: question ? 'Редактировать вопрос' : 'Новый вопрос', closeOnOverlay: false },
      );
    },
    [modals, projectId],
  );

  const openPrompt = useCallback(
    (group: GroupSetup, prompt?: AiPrompt) => {
      if (projectId === null) return;
      modals.open(
        ({ close }) => (
          <PromptModal
            projectId={projectId}
            groupId={group.id}
            questions={group.questions}
            prompt={prompt}
            onDone={close}
          />
        ),
        {
          title: prompt ? 'Редактировать промпт' : `Новый промпт: ${group.name}`,
          width: PROMPT_MODAL_WIDTH,
          closeOnOverlay: false,
        },
      );
    },
    [modals, projectId],
  );

  return { openGroup, openQuestion, openPrompt };
};
