:- encoding(utf8).
:- module(lang_ru_words, []).

/** <module> Русский: слова для атомов, слова вокруг фраз `why` и шаблоны отказов

The other half of the Russian pack (lang/ru.pl: step and event labels and templates). Data of lang/lang.pl:
`word(ru, Atom, Word)` and `refusal(ru, Kind, Template)` (the rule names, `rule/3`: lang/ru_rules.pl).
*/

:- multifile lang:word/3, lang:refusal/3.
% --- слова ------------------------------------------------------------------------------------------

lang:word(ru, true, "да").
lang:word(ru, false, "нет").
lang:word(ru, nothing, "ничего").  % an empty list (no card, no effect)
lang:word(ru, p1, "игрок p1").
lang:word(ru, p2, "игрок p2").
lang:word(ru, rules, "правила игры").
lang:word(ru, rules_bounds, "предел 1…6 (правила игры)").
lang:word(ru, all, "все собственные особенности").
% groups of modifiers
lang:word(ru, additive, "+X/−X").
lang:word(ru, set_to, "сведение к числу").
lang:word(ru, own_squad, "отряд бросающего").
lang:word(ru, self, "сама карта").
lang:word(ru, opponent, "противник").
lang:word(ru, source_squad, "отряд источника").
lang:word(ru, source, "источник атаки").
lang:word(ru, target_squad, "отряд цели").
lang:word(ru, target, "цель атаки").
lang:word(ru, before_reroll, "до переброса").
lang:word(ru, before_flip, "до переворота").
lang:word(ru, after, "после").
% strikes, attacks
lang:word(ru, weak, "слабый удар").
lang:word(ru, medium, "средний удар").
lang:word(ru, strong, "сильный удар").
lang:word(ru, 'weak:dat', "слабому удару").
lang:word(ru, 'medium:dat', "среднему удару").
lang:word(ru, 'strong:dat', "сильному удару").
lang:word(ru, strike, "удар").
lang:word(ru, special_strike, "особый удар").
lang:word(ru, shot, "выстрел").
lang:word(ru, throw, "метание").
lang:word(ru, discharge, "разряд").
lang:word(ru, spell, "заклинание").
lang:word(ru, effect, "эффект").
lang:word(ru, poison, "отравление").
% zones
lang:word(ru, battle, "зона битвы").
lang:word(ru, play, "игровая зона").
lang:word(ru, hand, "рука").
lang:word(ru, deck, "колода").
lang:word(ru, graveyard, "кладбище").
lang:word(ru, outside, "вне игры").
% the forms a template asks for with `word:in` (where: «в руке»), `word:to` (where to: «в руку»), `word:gen`
lang:word(ru, 'battle:in', "в зоне битвы").
lang:word(ru, 'play:in', "в игровой зоне").
lang:word(ru, 'hand:in', "в руке").
lang:word(ru, 'deck:in', "в колоде").
lang:word(ru, 'graveyard:in', "на кладбище").
lang:word(ru, 'outside:in', "вне игры").
lang:word(ru, 'battle:to', "в зону битвы").
lang:word(ru, 'play:to', "в игровую зону").
lang:word(ru, 'hand:to', "в руку").
lang:word(ru, 'deck:to', "в колоду").
lang:word(ru, 'graveyard:to', "на кладбище").
lang:word(ru, 'outside:to', "за пределы игры").
lang:word(ru, 'p1:gen', "игрока p1").
lang:word(ru, 'p2:gen', "игрока p2").
% bringing into the squad
lang:word(ru, summon, "вызов").
lang:word(ru, revive, "возрождение").
lang:word(ru, take_control, "взятие под контроль").
lang:word(ru, condition_ended, "особенность заканчивается вместе со своим условием («до конца хода», «пока рядом», «в строю»)").
lang:word(ru, create, "создание").
lang:word(ru, controller_is_the_player, "карту контролирует разыгравший её игрок").
lang:word(ru, from_own_deck, "из своей колоды").
lang:word(ru, from_own_graveyard, "со своего кладбища").
lang:word(ru, face_up, "в открытом виде").
lang:word(ru, under_own_control, "под своим контролем").
lang:word(ru, not_in_the_players_hand, "карты нет в руке игрока").
lang:word(ru, triggered_summon_skipped, "срабатывающая способность пропущена").
lang:word(ru, not_found_or_not_wanted, "карта не найдена в колоде").
lang:word(ru, not_in_that_graveyard, "карты нет на этом кладбище").
lang:word(ru, already_controlled, "игрок уже контролирует карту: противника, который перестал бы её контролировать, нет").
lang:word(ru, already_in_the_game, "карта уже в партии").
% loss of features
lang:word(ru, suppressed, "подавлена").
lang:word(ru, removed, "удалена").
lang:word(ru, end_of_turn, "до конца хода").
lang:word(ru, end_of_battle, "до конца боя").
lang:word(ru, formed, "строй образован").
lang:word(ru, end_of_your_turn, "до конца хода её игрока").
lang:word(ru, works_again, "Строй снова действует").
% effects
lang:word(ru, regeneration, "регенерация").
lang:word(ru, heal_others, "излечение других существ").
lang:word(ru, heal, "излечение").
lang:word(ru, wounds, "раны").
% the axe rule
lang:word(ru, defender_taps, "защитник закрывается").
lang:word(ru, defences_per_turn, "защит за ход").
lang:word(ru, unlimited, "без ограничений").
% a modifier as the scenario gives it (the `modifier` filter), the flip of a die
lang:word(ru, from_card, "от {card|card}").  % the `from` filter: a source card
lang:word(ru, by_card, "от {card|card}").  % (en «by»: the same in Russian)
lang:word(ru, source_none, "(источник не указан)").  % … and an input that names none
lang:word(ru, modifier_add, "{value|signed} от {source|card}").
lang:word(ru, card_feature, "«{feature}» у {card|card}").
lang:word(ru, modifier_add_formation, "{value|signed} от {source|card} за строй").
lang:word(ru, modifier_set, "сведение к {value} от {source|card}").
lang:word(ru, modifier_strike, "сведение к {value|word:dat} от {source|card}").
lang:word(ru, modifier_flip, "переворот от {source|card}").
lang:word(ru, flip, "переворот").
% the text of why around the sentences (render/why.py): headings, the final state, what-if, why-not
lang:word(ru, why_edition, "редакция {edition}").
lang:word(ru, why_standard_input, "стандартный ввод").  % the scenario read by why - (in place of its file name)
lang:word(ru, why_event, "Событие {number}").
lang:word(ru, why_examples, "Примеры:").
lang:word(ru, why_examples_above, "Примеры: см. выше").
lang:word(ru, why_cards, "Карты сценария и цитируемых примеров:").
lang:word(ru, why_cite_missing, "({id}: нет в загруженном тексте)").
lang:word(ru, final_state, "Итоговое состояние:").
lang:word(ru, final_state_edition, "Итоговое состояние, редакция {edition}:").
lang:word(ru, state_zone, "{zone|word:in}").
lang:word(ru, state_owner, "владелец {owner|word}").
lang:word(ru, state_controller, "под контролем {controller|word:gen}").
lang:word(ru, state_wounds, "ран {wounds}").
lang:word(ru, state_tapped, "закрыта").
lang:word(ru, state_face_down, "рубашкой вверх").
lang:word(ru, state_no_features, "нет особенностей").  % a card with no feature
lang:word(ru, state_feature_from, "{source|from}").  % «от «Бокор»», as the steps say it
lang:word(ru, state_feature_sourceless, "источник не указан").  % an acquired feature the scenario gives no source
lang:word(ru, state_feature_formation, "в строю").
lang:word(ru, state_feature_adjacent, "пока рядом").
lang:word(ru, state_feature_until, "до конца хода").
lang:word(ru, state_feature_replaced, "{name|gender:замещена:замещён:замещено}").
lang:word(ru, state_feature_suppressed, "{name|gender:подавлена:подавлен:подавлено}").
lang:word(ru, state_effects, "эффекты").
lang:word(ru, state_effect_applies, "{id} применяется").
lang:word(ru, state_effect_stopped, "{id} больше не применяется").
lang:word(ru, state_effect_out_of_play, "{id} не применяется: карта не в игровой зоне").  % and never left it
lang:word(ru, state_effect_unstated, "{id} не применяется: в данных редакции нет правила для него").
lang:word(ru, state_effect_left, "осталось {remaining}").
lang:word(ru, whatif_head, "что если:").
lang:word(ru, whatif_removed, "убрано; было {was}").
lang:word(ru, whatif_unchanged, "без изменений: {now}").
lang:word(ru, whatif_changed, "было {was}; стало {now}").
lang:word(ru, whatif_before, "было:").
lang:word(ru, whatif_after, "стало:").
lang:word(ru, result_remaining, "у эффектов осталось: {value}").  % a prevention's rest, by effect
lang:word(ru, whynot_given, "не {expected|shown:in}, а {computed|shown:in}: так задано во входных данных ({given}), ни одно правило этого не меняет").
lang:word(ru, whynot_kept, "{given} не меняется: {computed|shown:in}, как задано во входных данных").
lang:word(ru, whynot_given_card, "не {expected|shown:in}, а {computed|shown:in}: так задано в данных карты «{name}» из {file} ({given}; во входном файле у карты {card} поля {field} нет), ни одно правило этого не меняет").
lang:word(ru, whynot_agrees, "да: {expect} = {computed}").
lang:word(ru, whynot_undecided, "не {expected|shown:in}, а {computed|shown:in}: ни один пункт этого не решает — ни одно правило загруженного текста не делает здесь {expected}").
lang:word(ru, refusal_times, "{count|plural:раз:раза:раз}").  % how many times an option is given
lang:word(ru, result_items, "{count|plural:элемент:элемента:элементов}").  % a list result's parts (why-not: «it has: 3 items»)
lang:word(ru, whynot_head_gone, "не {expected|shown:in} — в результате этого нет").
lang:word(ru, whynot_head, "не {expected|shown:in}, а {computed|shown:in}").
lang:word(ru, whynot_by, "по {refs}").
lang:word(ru, whynot_no_cite, "ни один пункт не цитируется").
lang:word(ru, whynot_last, "(применяется последним)").
% the comparison of editions (why -e A -e B)
lang:word(ru, comparison_event, "событие").
lang:word(ru, comparison_edition, "редакция {edition}").
lang:word(ru, comparison_differs, "← различается").
lang:word(ru, comparison_deciding, "решает в редакции {edition}:").
lang:word(ru, comparison_cannot_compute, "(не вычисляется: см. ниже)").
lang:word(ru, comparison_refused, "редакция {edition} не вычисляет это: {why}").  % an edition that refused (on standard error)
% the words of the refusals around their values (explain/refusals.py)
lang:word(ru, refusal_edition, "редакции {edition}:").
lang:word(ru, refusal_field, "поле {field}").
lang:word(ru, reason_field, "Поле {field}: {said}.").  % the web page's sentence of a field's input error ({said}: its input_<type> template; English: web/reasons.py FIELD_EN)
lang:word(ru, 'kind_null', "null").  % expectation.py's kind of a value
lang:word(ru, 'kind_true/false', "true/false").  % expectation.py's kind of a value
lang:word(ru, 'kind_a number', "число").  % expectation.py's kind of a value
lang:word(ru, 'kind_text', "текст").  % expectation.py's kind of a value
lang:word(ru, 'kind_a list', "список").  % expectation.py's kind of a value
lang:word(ru, 'kind_a mapping', "отображение").  % expectation.py's kind of a value
lang:word(ru, refusal_scenario, "сценарии").  % whatif.py: the top level of the scenario
lang:word(ru, refusal_or, "или").  % «'a', 'b' or 'c'» in a list of values a field allows
lang:word(ru, thousands_separator, "\u202F").  % «20 000 000» (narrow no-break space): a comma is the decimal sign
lang:word(ru, refusal_looks, "; похоже, это {encoding}: сохраните файл в UTF-8").
lang:word(ru, file_scenario, "сценарий").
lang:word(ru, file_query_file, "файл запроса").
lang:word(ru, refusal_missing_section, "в данных редакции {edition} нет раздела «{mechanic}», хотя в её тексте он может быть").
lang:word(ru, refusal_missing_rule, "в данных редакции {edition} нет такого правила, хотя в её тексте оно может быть").
lang:word(ru, refusal_missing_nowhere, "{what}; нет его и в данных других редакций").
lang:word(ru, refusal_missing_stated, "{what} (оно есть в {where})").
lang:word(ru, refusal_missing_stated_section, "{what} (этот раздел есть в {where})").
lang:word(ru, not_rolled_roll, "не показывает своей грани (укажите roll или next_roll_equals, не оба)").
lang:word(ru, not_rolled_reroll, "нельзя перебросить").
% the engine's refusals (explain/refusals.py names each kind's values, in the order Prolog gives them):
% a template per kind, its {name} placeholders the kind's values
lang:refusal(ru, no_rule, "ни одно правило этой редакции здесь не применяется").
lang:refusal(ru, too_many_steps, "чтобы вычислить этот сценарий, нужно больше {limit} шагов вывода — это предел для одного сценария (достигнут на событии {event}: нужно меньше событий, карт или эффектов)").
lang:refusal(ru, too_much_memory, "чтобы вычислить этот сценарий, нужно больше {megabytes} МБ памяти — столько может занять один сценарий (достигнуто на событии {event}: нужно меньше событий, карт или эффектов)").
lang:refusal(ru, control_of_a_formation, "{card} стоит в строю или даёт либо получает что-то «в строю»: загруженный текст редакции {edition} ничего не говорит о том, что смена контроля делает со строем").
lang:refusal(ru, strike_values, "сила ударов карты {card} не известна (она нужна атаке: укажите base атаки или hit карты: [слабый, средний, сильный])").
lang:refusal(ru, strike_value_needed, "{card}: атаке нужно значение «{strike}» карты, а base атаки задаёт только её заявленный удар: укажите hit карты: [слабый, средний, сильный]").
lang:refusal(ru, attack_zone, "карта {card} — в зоне «{zone}»: атакует и может быть атакована только карта в зоне битвы").
lang:refusal(ru, negative_attack, "сила атаки с модификаторами была бы {strength}: ни одно правило загруженного текста не говорит, что такое отрицательная атака").
lang:refusal(ru, defend_zone, "{card} — в зоне «{zone}»: защищается только карта в зоне битвы").
lang:refusal(ru, roll_zone, "{card} — в зоне «{zone}»: кубик бросает только карта в игре").
lang:refusal(ru, adjacent_zone, "{card} — в зоне «{zone}»: рядом друг с другом стоят только карты в зоне битвы").
lang:refusal(ru, formation_zone, "{card} — в зоне «{zone}»: в строю стоит только карта в зоне битвы").
lang:refusal(ru, wound_zone, "{card} — в зоне «{zone}»: раны получает только карта в игре").
lang:refusal(ru, outside_game, "карта {card} не в игре (зона «вне игры»): сначала введите её в отряд").
lang:refusal(ru, into_play_zone, "карта {card} в зоне «{zone}»: to: {to} помещает её в игровую зону — это событие bring_into_squad (how: revive с кладбища, summon из колоды, play из руки), не zone_change").
lang:refusal(ru, formation_already, "{card} уже стоит в строю: in: true не образует нового").
lang:refusal(ru, formation_none, "{card} не стоит в строю: in: false нечего разрывать").
lang:refusal(ru, adjacent_already, "карта {card} уже стоит рядом с картой {other} (так с начала или подошла раньше): подойти к ней нельзя").
lang:refusal(ru, adjacent_none, "{card} не стоит рядом с {other}: отходить не от чего").
lang:refusal(ru, add_to_valueless, "«+{value}» к особенности «{name}» прибавляется к значению особенности, а у особенности «{name}» этой карты значения нет").
lang:refusal(ru, held_outside_play_read, "карта {card} — в зоне «{zone}», а ей задано: {held}; такое бывает только у карты в игре (раны, закрытость, строй, приобретённые особенности); что отсюда карта приходит в игру новым объектом, без них, текст прямо не говорит — так его читает движок").
lang:refusal(ru, gain_outside_play_read, "карта {card} — в зоне «{zone}», а ей даётся особенность «{name}»; приобретённые особенности бывают только у карты в игре, как их читает и проверка начала сценария; что отсюда карта приходит в игру новым объектом, без них, текст прямо не говорит — так его читает движок").
lang:refusal(ru, held_outside_play_set, "карта {card} — в зоне «{zone}», а ей задано: {held}; такое бывает только у карты в игре (раны, закрытость, строй, приобретённые особенности); что отсюда карта приходит в игру новым объектом, без них, текст прямо не говорит — так его читает движок; чтобы задать такое «что, если», добавьте {set}").
lang:word(ru, held_wounds, "раны").
lang:word(ru, held_tapped, "закрытость").
lang:word(ru, held_in_formation, "строй").
lang:word(ru, held_acquired, "приобретённые особенности").
lang:refusal(ru, held_not_in_formation, "карта {card} держит «{name}» «в строю» с картой {source}, но они не стоят в строю вместе (обе в зоне битвы, в строю, в одном отряде): такая особенность есть, только пока стоят").
lang:refusal(ru, held_not_adjacent, "{card} держит «{name}», пока рядом {source}, но {other} — в зоне «{zone}»: рядом друг с другом стоят только карты в зоне битвы, а особенность есть, только пока стоят").
lang:refusal(ru, feature_held_twice, "у карты {card} и {held}, и {given}: у карты одно значение именной особенности ({where}); укажите её один раз (приобретённая с большим значением замещает собственную) или запишите вторую как событие gain_feature").
lang:refusal(ru, feature_not_higher, "карта {card} указана с приобретённой особенностью {given}, но у неё собственная {held}: у карты одно значение именной особенности, а меньшее или то же не получают ({where})").
lang:refusal(ru, grant_not_higher, "карта {card} стоит в строю с особенностью {given}, данной в строю, но у неё собственная {held}: у карты одно значение именной особенности, а меньшее или то же не получают ({where}); событие строя даёт её там, где может").
lang:refusal(ru, same_zone, "{card} уже в зоне «{zone}»").
lang:refusal(ru, skip_not_triggered, "здесь ни на что не влияет: {card}: пропустить можно только срабатывающий вызов ({where}; для skip нужно triggered: true)").
lang:refusal(ru, order_across_groups, "здесь ни на что не влияет: в order {first} (группа {first_group} — {first_relation}) стоит раньше {second} (группа {second_group} — {second_relation}), чью группу редакция применяет раньше: игроки упорядочивают модификаторы только внутри группы ({where})").
lang:refusal(ru, decline_not_applying, "здесь ни на что не влияет: {effect} — не замещающий эффект, применимый к этому эффекту: отказываться не от чего").
lang:refusal(ru, choice_not_applying, "здесь ни на что не влияет: {effect} — не эффект, который взвешивается в этом событии (не эффект предотвращения или замещения, защищающий эту карту): его выбор ничего не решает").
lang:refusal(ru, decline_not_optional, "здесь ни на что не влияет: {effect} не по выбору: нет ни optional: true, ни слов «может вместо» в его тексте ({where}), поэтому его игрок не может от него отказаться").
lang:refusal(ru, pick_not_yours, "здесь ни на что не влияет: какой замещающий эффект применяется, здесь выбирает {chooser} ({where}: игрок выбирает среди своих, активный игрок — только «Если оба игрока могут применить…»): выбор {effect} игроком {player} ни на что не влияет").
lang:refusal(ru, no_effect_missing, "здесь ни на что не влияет: {missing}").
lang:refusal(ru, static_no_effect, "static: true здесь ни на что не влияет: {missing}").
lang:refusal(ru, adjacent_no_effect, "while: adjacent здесь ни на что не влияет: {missing}").
lang:refusal(ru, formation_no_effect, "while: formation здесь ни на что не влияет: {missing}").
lang:refusal(ru, trigger_no_effect, "trigger здесь ни на что не влияет: {missing}").
lang:refusal(ru, until_no_effect, "until здесь ни на что не влияет: {missing}").
lang:refusal(ru, declared_before_flip, "здесь ни на что не влияет: переворот кубика в этой редакции — модификатор и сразу значения не меняет ({where}): ничего не объявляется до него").
lang:refusal(ru, rules_modifier_given, "здесь ни на что не влияет: у правил игры для броска кубика один модификатор — предел 1…6 ({where}), его добавляет сам движок: другого текст правилам не даёт").
lang:refusal(ru, reroll_first, "здесь ни на что не влияет: кубик перебрасывается до применения модификаторов, а переворот — модификатор ({where}): переброс всегда первый").
lang:refusal(ru, flip_not_modifier, "здесь ни на что не влияет: переворот кубика в этой редакции — не модификатор, кубик просто переворачивают ({where}): у него нет источника и места среди модификаторов").
lang:refusal(ru, not_rolled, "здесь ни на что не влияет: кубик, который не бросают («следующий бросок кубика равен X», {where}), {what}").
lang:refusal(ru, effect_not_theirs, "здесь ни на что не влияет: {effect} — эффект карты {card}, которой управляет {controller}: {player} его не применяет и не выбирает (каждый игрок применяет свои эффекты; только активный игрок выбирает среди замещающих эффектов обоих игроков)").
lang:refusal(ru, die_outside, "бросок кубика с модификаторами был бы {value}, вне 1…6: {missing}").
lang:refusal(ru, negative_feature, "значение именной особенности было бы {value}: {missing}").
lang:refusal(ru, keeps_on_leaving, "карта {card} покидает игровую зону с тем, что приобрела, или с неизрасходованным остатком эффекта: загруженный текст редакции {edition} ничего не говорит о том, что карта при этом сохраняет (это есть в {where})").
lang:refusal(ru, formation_unstated, "в редакции {edition} нет такого правила: её загруженный текст ничего не говорит о том, как строй распадается или складывается (это есть в {where})").
lang:refusal(ru, unsupported_section, "в редакции {edition} нет такого правила: в её данных нет раздела «{mechanic}», хотя в её тексте он может быть (этот раздел есть в {stated})").
lang:refusal(ru, unsupported_section_nowhere, "в редакции {edition} нет такого правила: в её данных нет раздела «{mechanic}», хотя в её тексте он может быть; нет его и в данных других редакций").
lang:refusal(ru, unsupported_rule, "в редакции {edition} нет правила «{mechanic}»: в её данных его нет, хотя в тексте оно может быть (оно есть в {stated})").
lang:refusal(ru, unsupported_rule_nowhere, "в редакции {edition} нет правила «{mechanic}»: его нет ни в её данных (в тексте оно может быть), ни в данных других редакций").
lang:refusal(ru, too_many_events, "событий {count}; на сайте вычисляется не больше {limit} (berserk-kb why вычисляет до {cli_limit}, с тем же пределом шагов вывода)").
lang:refusal(ru, stdin_closed, "стандартный ввод закрыт").  % why - with standard input closed (<&-)
lang:refusal(ru, stdin_empty, "стандартный ввод пуст (дайте сценарий в нём или файл: why ФАЙЛ)").
lang:refusal(ru, stdin_too_large, "сценарий на стандартном вводе больше предела в {size}").
lang:refusal(ru, file_not_found, "{file}: файл не найден{hint}").
lang:refusal(ru, file_not_regular, "{file}: это не обычный файл (устройство, канал или сокет)").
lang:refusal(ru, file_folder, "{file}: это папка, а нужен файл").
lang:refusal(ru, file_too_large, "{file}: файл больше предела в {size}").
lang:refusal(ru, file_unreadable, "{file}: не читается: {reason}").  % readers.read_bytes: an OS error
lang:refusal(ru, no_bundled_scenario, "нет встроенного сценария {name}").
lang:refusal(ru, scenario_too_long, "сценарий длиннее {limit} КБ").
lang:refusal(ru, link_too_long, "сценарий в ссылке длиннее {limit} КБ").
lang:refusal(ru, not_in_encoding, "столбец {column}: текст не в кодировке {encoding} (байт 0x{byte}, смещение {offset}){looks}").
lang:refusal(ru, no_result_key, "{path}: в результате события «{kind}» нет поля «{key}»; есть: {has}").
lang:refusal(ru, sparql_syntax, "ошибка синтаксиса SPARQL: строка {line}, столбец {column} (разбор: {said})").
lang:refusal(ru, default_not_of_how, "здесь ни на что не влияет: {field} — не умолчание взятия в отряд с how: {how} (это умолчание {where})").
lang:refusal(ru, gain_modifier_lowers, "здесь ни на что не влияет: загруженный текст говорит только о модификаторе, который повышает значение получаемой особенности («усилить», {where}); о модификаторе {value} он ничего не говорит").
lang:refusal(ru, gain_modifier_sourceless, "модификатор получения особенности — от карты из отряда той, что её даёт ({where}): укажите source получения").
% a scenario's input errors (scenario/controls.py INPUT_REFUSALS: input_<pydantic error type>, the
% characters a field may not hold) and a text that is not YAML (text/readers.py), after file:line and field
% the --expect and --set errors (explain/expectation.py, explain/whatif.py)
lang:refusal(ru, expect_fraction, "expect {path}: {value} записано с десятичной точкой, а эта часть результата — целое число").
lang:refusal(ru, expect_ambiguous_feature, "expect {path}: {value} — форма названия не одной особенности ({features}): напишите название особенности").
lang:refusal(ru, expect_other_kind, "expect {path}: {value} — {value_kind}, а эта часть результата — {result_kind}: ни одно вычисление этого не даёт").
lang:refusal(ru, set_no_element, "set {text}: элементов в {here}: {count} (нумерация с 0)").
lang:refusal(ru, set_no_field, "set {text}: в {here} нет {field} (есть: {fields})").
lang:refusal(ru, set_no_id, "set {text}: в {here} нет элемента с id {id}").
lang:refusal(ru, gain_takes_a_value, "«{name}» задаётся со значением (у {who} — «{feature} {value}»): укажите его").
lang:refusal(ru, assign_shape, "{what} {text}: нужно ПУТЬ=ЗНАЧЕНИЕ, путь вроде {like}").
lang:refusal(ru, assign_no_value, "{what} {text}: после = нет значения (нужно ПУТЬ=ЗНАЧЕНИЕ; null — ничего)").
lang:refusal(ru, assign_two_equals, "{what} {text}: знак = только один (нужно ПУТЬ=ЗНАЧЕНИЕ; значение с = возьмите в кавычки)").
lang:refusal(ru, assign_position_too_long, "{what} {text}: в позиции {digits} цифр (читается не больше {limit})").
lang:refusal(ru, expect_no_event, "expect {path}: события {index} нет (события нумеруются от 0 до {last})").
lang:refusal(ru, expect_not_a_result, "expect {path}: нужна часть результата события, events[I].KEY (например, events[0].value)").
% параметры why, которые просят о двух разных вещах (cli_answers.py)
lang:refusal(ru, option_edition_twice, "редакция задана дважды (сравнивают две разные редакции: -e A -e B)").
lang:refusal(ru, option_json_turtle, "--json и --format turtle просят о двух разных выводах; задайте один").
lang:refusal(ru, option_turtle_one_edition, "--format turtle — для одной редакции; сравнение выводится текстом или JSON").
lang:refusal(ru, option_ask_one_edition, "--expect и --set спрашивают об одной редакции, текстом или JSON").
lang:refusal(ru, option_expect_and_set, "--expect и --set — два разных вопроса; задайте один").
lang:refusal(ru, option_brief, "--brief сокращает текст обоснования; он не сочетается с --json, --format json или turtle, --expect и --set").
lang:refusal(ru, option_expect_twice, "--expect задан {times}; спрашивайте «почему не» по одному").
lang:refusal(ru, set_taken_out, "set {text}: {here}[{index}] уже убран другим изменением").
lang:refusal(ru, set_nothing, "set: задайте хотя бы одно ПУТЬ=ЗНАЧЕНИЕ").
lang:refusal(ru, set_expect, "set {path}: «что, если» (--set) вычисляет изменённый сценарий, а не проверяет заявленный исход (expect)").
lang:refusal(ru, set_path_twice, "set {path}: путь задан дважды; дайте каждому полю одно значение").
lang:refusal(ru, expect_face, "expect {path}: {value} невозможно: на кубике выпадает грань 1–6").
lang:refusal(ru, expect_strength, "expect {path}: {value} невозможно: сила — целое число, 0 или больше").
lang:refusal(ru, expect_strike, "expect {path}: {value} невозможно: удар — weak, medium или strong").
lang:refusal(ru, expect_wounds, "expect {path}: {value} невозможно: число ран — целое, 0 или больше").
lang:refusal(ru, expect_prevented, "expect {path}: {value} невозможно: число предотвращённых ран — целое, 0 или больше").
lang:refusal(ru, expect_remaining, "expect {path}: {value} невозможно: остаток эффекта предотвращения — целое число, 0 или больше").
lang:refusal(ru, expect_works_as, "expect {path}: {value} невозможно: особенность действует как целое число, 0 или больше").
lang:refusal(ru, expect_zone, "expect {path}: {value} невозможно: зона — одна из battle, play, hand, deck, graveyard, outside").
lang:refusal(ru, expect_controller, "expect {path}: {value} невозможно: контролирует один из игроков, p1 или p2").
lang:refusal(ru, expect_feature_value, "expect {path}: {value} невозможно: значение особенности — целое число, 0 или больше; в данных редакции {edition} нет правила об отрицательном значении").
lang:refusal(ru, input_missing, "не задано, а оно обязательно").
lang:refusal(ru, input_extra_forbidden, "здесь не предусмотрено").
lang:refusal(ru, input_string_type, "нужен текст").
lang:refusal(ru, input_int_type, "нужно целое число").
lang:refusal(ru, input_int_parsing, "нужно целое число (этот текст не читается как целое число)").
lang:refusal(ru, input_int_from_float, "нужно целое число, а у этого числа есть дробная часть").
lang:refusal(ru, input_bool_type, "нужно true или false").
lang:refusal(ru, input_bool_parsing, "нужно true или false (это значение так не читается)").
lang:refusal(ru, input_float_type, "нужно число").
lang:refusal(ru, input_float_parsing, "нужно число (этот текст не читается как число)").
lang:refusal(ru, input_list_type, "нужен список").
lang:refusal(ru, input_dict_type, "нужно отображение «ключ: значение»").
lang:refusal(ru, input_model_type, "нужно отображение с полями «ключ: значение»").
lang:refusal(ru, input_model_attributes_type, "нужно отображение с полями «ключ: значение»").
lang:refusal(ru, input_literal_error, "допустимо только {expected}").
lang:refusal(ru, input_enum, "допустимо только {expected}").
lang:refusal(ru, input_less_than_equal, "не больше {le}").
lang:refusal(ru, input_greater_than_equal, "не меньше {ge}").
lang:refusal(ru, input_less_than, "значение должно быть меньше {lt}").
lang:refusal(ru, input_greater_than, "значение должно быть больше {gt}").
lang:refusal(ru, input_string_too_short, "длина текста — не меньше {min_length}").
lang:refusal(ru, input_string_too_long, "длина текста — не больше {max_length}").
lang:refusal(ru, input_too_short, "нужно не меньше {min_length} (дано {actual_length})").
lang:refusal(ru, input_too_long, "нужно не больше {max_length} (дано {actual_length})").
lang:refusal(ru, input_too_many_events, "событий {count}; в сценарии их не больше {limit}").
lang:refusal(ru, input_nested, "вложено глубже {depth} уровней").
lang:refusal(ru, input_surrogate, "содержит непарный суррогат ({code}): это не текст").
lang:refusal(ru, input_line_break, "содержит перевод строки или табуляцию (это однострочное поле)").
lang:refusal(ru, input_control_character, "содержит управляющий символ").
