/**
 * The create and edit user forms' reviewed table (see tests/model/oracle.ts for how to read it).
 * Written from spec §2 "Create and edit user forms" and "/users/{userId}/edit", §4 "Form field
 * states", §5 "Create user" and "Edit user", §7 (GET /users/{userId}, POST /users/create, PUT
 * /users/{userId}), §8 toasts, §9 defaults, and issue 15 (customer-only Shopify fields, a restored
 * draft, an unknown user id, the server's reason after a failure toast) and issue 30 (the feed
 * editor's submit pattern, landing on the created user's page, focus after each step, Retry of a
 * failed load). The state names are the machine's; what happens in each is the spec's.
 */
import { defineOracle } from '../oracle';

export default defineOracle({
  source: 'spec §2 Create and edit user forms, §4 Form field states, §5, §7, §8 Toasts, §9; issues 15, 30',
  delays: {},
  states: {
    userForm: {},
    // §2: the edit form receives the user id and shows that user; create starts on the §9 defaults.
    'userForm.starting': {
      always: ['[isEdit] → #userForm.loading', '→ #userForm.editing'],
    },
    // §7 GET /users/{userId}: the loaded user fills the form; issue 30: the page's heading takes
    // focus once the load settles, whichever way.
    'userForm.loading': {
      invoke: ['loadUser'],
      'done:loadUser': ['→ #userForm.editing / adoptUser, focusHeading'],
      // Issue 15: a user the server does not know (404: 'User not found') leaves nothing to edit;
      // issue 30: another failure says why and waits for Retry.
      'error:loadUser': [
        '[isNotFound] → #userForm.notFound / focusHeading',
        '→ #userForm.loadFailed / setLoadFailure, focusHeading',
      ],
    },
    'userForm.notFound': { type: ['final'] },
    'userForm.loadFailed': { retry: ['→ #userForm.loading'] },
    'userForm.editing': {
      // Issue 15: the role decides whether the Shopify fields are required (customers only), so a
      // role change re-checks those already shown.
      'form.change': ['[isRoleChange] (stays) / setValue, recheckShopFields', '(stays) / setValue'],
      // §4 "Form field states (on blur and re-validate on blur)".
      'form.blur': ['(stays) / validateField'],
      // Issue 15: input kept from before a sign-out is put back as if typed and left.
      'form.restore': ['(stays) / restoreDraft'],
      // §2 "Submit is disabled until the form is valid", read as issue 30's feed editor pattern
      // (a README decision): an invalid form is not sent, every field shows its message (§5) and
      // the first invalid field takes focus; a sent form shows every field as passing.
      'form.submit': [
        '[formIsValid] → #userForm.saving / validateAll',
        '(stays) / validateAll, focusFirstError',
      ],
    },
    // §2 "... or while saving": no event is taken until the save is answered (§7 POST or PUT).
    'userForm.saving': {
      invoke: ['saveUser'],
      // §8 'User updated successfully' keeps the edit form, now on the saved user, with focus back
      // on Save; 'User created successful' ends the create form on the new user's page (issue 30).
      'done:saveUser': [
        '[isEdit] → #userForm.editing / adoptSaved, toastUpdated, focusSave',
        '→ #userForm.saved / toastCreated, goToNewUser',
      ],
      // §8 'Error happened while submitting the form' (create) or 'Failed to update info' (edit),
      // with the reason as the toast's detail, logged; the typed values stay, a server's field
      // messages go onto their fields and the first of them takes focus (else Save).
      'error:saveUser': [
        '→ #userForm.editing / reportFailure, applyServerErrors, toastFailed, focusFirstError',
      ],
    },
    'userForm.saved': { type: ['final'] },
  },
});
