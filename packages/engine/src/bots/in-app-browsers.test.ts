// Shoppers who open a store's link inside a social or messaging app browse in that app's own
// browser, whose user agent names the app (Instagram, Facebook, TikTok, LinkedIn, WeChat…).
// They are shoppers: no category may catch them, even with every category on, and none may
// pass for the app's link-preview fetcher (a good bot) or for a crawler. The agents below are
// the forms these apps send on iOS and Android.
import { describe, expect, it } from 'vitest';
import { agentCategories } from './agent-categories.js';

const IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240605.024; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.71 Mobile Safari/537.36';

const IN_APP: [string, string][] = [
  [
    'Instagram on iOS',
    `${IOS} Instagram 337.0.3.23.54 (iPhone14,5; iOS 17_5; en_US; en; scale=3.00; 1170x2532; 614236393)`,
  ],
  [
    'Instagram on Android',
    `${ANDROID} Instagram 334.0.0.42.95 Android (34/14; 480dpi; 1080x2340; Google/google; Pixel 8; shiba; qcom; en_US; 602479302)`,
  ],
  [
    'Facebook on iOS',
    `${IOS} [FBAN/FBIOS;FBAV/470.0.0.37.106;FBBV/612345678;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]`,
  ],
  ['Facebook on Android', `${ANDROID} [FB_IAB/FB4A;FBAV/470.0.0.43.108;]`],
  [
    'Messenger on iOS',
    `${IOS} [FBAN/MessengerForiOS;FBAV/470.0.0.28.109;FBBV/612000000;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.5]`,
  ],
  ['Threads on iOS', `${IOS} Barcelona 333.0.0.29.107 (iPhone14,5; iOS 17_5; en_US)`],
  [
    'TikTok on iOS',
    `${IOS} musical_ly_35.1.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US WKWebView/1 BytedanceWebview/d8a21c6`,
  ],
  [
    'TikTok on Android',
    `${ANDROID} trill_350104 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/35.1.4 ByteLocale/en BytedanceWebview/d8a21c6`,
  ],
  ['LinkedIn on iOS', `${IOS} [LinkedInApp]/9.29.8962`],
  ['LinkedIn on Android', `${ANDROID} [LinkedInApp]/4.1.953`],
  ['WeChat on iOS', `${IOS} MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN`],
  [
    'WeChat on Android',
    `${ANDROID} XWEB/1160083 MMWEBSDK/20240404 MicroMessenger/8.0.49.2600(0x28003133) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64`,
  ],
  ['Snapchat on iOS', `${IOS} Snapchat/13.0.0.0 (like Safari/8617.2.4.10.8, panda)`],
  ['Pinterest on iOS', `${IOS} Pinterest for iOS/12.23 (iPhone14,5; 17.5)`],
  ['Pinterest on Android', `${ANDROID} [Pinterest/Android]`],
  ['X on iOS', `${IOS} Twitter for iPhone/10.50`],
  ['LINE on iOS', `${IOS} Line/14.9.0`],
  [
    'Telegram on Android',
    `${ANDROID} Telegram-Android/10.14.5 (Google Pixel 8; Android 14; SDK 34; HIGH)`,
  ],
  ['the Google app on iOS', `${IOS} GSA/325.0.654321 Mobile/15E148 Safari/604.1`],
];

describe('in-app browsers', () => {
  it.each(IN_APP)('%s is a shopper: no category, good bot or crawler', (_app, agent) => {
    expect(agentCategories(agent)).toEqual({ bits: 0, crawler: null, goodBot: null });
  });
});
