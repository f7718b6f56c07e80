/** The onboarding steps of a new organization's first administrator, in English. */
const onboardingEn = {
  onboarding: {
    steps: 'Onboarding steps',
    welcomeTitle: 'Welcome to {{name}}',
    welcomeText: 'Your organization is new. Take a minute to describe it and set its brand; you can change everything later under Organizations.',
    start: 'Get started',
    skip: 'Skip onboarding',
    next: 'Save and continue',
    back: 'Back',
    baseInfoText: 'How your organization is named and described in the portal.',
    name: 'Organization name',
    shortCode: 'Short code',
    intro: 'Introduction',
    brandText: 'The logo your organization shows in the portal and its messages.',
    icon: 'Logo URL',
    iconHint: 'An https address of a PNG, JPG or GIF image.',
    colorsText: 'Messages the AI composer writes use these colours. A light colour becomes a background. You can add more colours in the AI brand voice.',
    primaryColor: 'Primary colour (HEX)',
    secondaryColor: 'Secondary colour (HEX)',
    completeTitle: 'Your brand is ready',
    completeText: '{{name}} is set up. Continue to the portal to create your first campaign.',
    finish: 'Go to the portal',
    saved: 'Saved',
  },
};
export default onboardingEn;
